/** Nova and Cinder: one key naming the fault class, e.g. `itemNotFound`, `badRequest`. */
export type ComputeFaultBody = Record<string, { code: number; message: string; details?: string }>;

/** Keystone (and the `error` half of Heat's fault). */
export interface KeystoneFaultBody {
  error: { code: number; title: string; message: string };
}

export interface NeutronFaultBody {
  NeutronError: { type: string; message: string; detail: string };
}

export interface ParsedFault {
  message: string;
  code?: number;
  title?: string;
}

const MAX_MESSAGE_LENGTH = 1000;

/**
 * Reduce any upstream error body to one human-readable message. `body` is the parsed JSON when the
 * answer was JSON, else its text. Unknown shapes fall back to the HTTP status line so a message is
 * always present.
 */
export function parseFault(status: number, body: unknown, statusText = ''): ParsedFault {
  const parsed = typeof body === 'string' ? parseTextFault(body) : parseJsonFault(body);
  const message = parsed?.message.trim();
  if (parsed && message) return { ...parsed, message: clip(message) };
  return {
    ...parsed,
    message: statusText ? `${status} ${statusText}` : `HTTP ${status}`,
  };
}

function parseJsonFault(body: unknown): ParsedFault | undefined {
  if (!isRecord(body)) return undefined;

  // Keystone `{"error": {code,title,message}}`; Heat adds top-level `title`/`code`/`explanation`.
  const error = body['error'];
  if (isRecord(error) && typeof error['message'] === 'string') {
    return withOptional(
      error['message'],
      numberOf(error['code']) ?? numberOf(body['code']),
      stringOf(error['title']) ?? stringOf(body['title']) ?? stringOf(error['type']),
    );
  }
  if (typeof error === 'string') return { message: error };

  const neutron = body['NeutronError'];
  if (isRecord(neutron)) {
    const message = stringOf(neutron['message']) ?? '';
    const detail = stringOf(neutron['detail']);
    // Neutron's `detail` is usually empty; when present it adds what the message leaves out.
    const full = detail && !message.includes(detail) ? `${message} ${detail}` : message;
    return withOptional(full, undefined, stringOf(neutron['type']));
  }

  // API-WG errors document (Placement, Ironic inspector…).
  const errors = body['errors'];
  if (Array.isArray(errors) && errors.length > 0 && isRecord(errors[0])) {
    const first = errors[0];
    return withOptional(
      stringOf(first['detail']) ?? stringOf(first['title']) ?? '',
      numberOf(first['status']),
      stringOf(first['title']) ?? stringOf(first['code']),
    );
  }

  // WSME services (Octavia, Ironic) and Ironic's JSON-in-a-string variant.
  if (typeof body['faultstring'] === 'string') return { message: body['faultstring'] };
  const errorMessage = body['error_message'];
  if (typeof errorMessage === 'string') {
    try {
      return parseJsonFault(JSON.parse(errorMessage)) ?? { message: errorMessage };
    } catch {
      return { message: errorMessage };
    }
  }

  if (typeof body['message'] === 'string') {
    const code = body['code'];
    // webob's JSON errors (Glance, Swift) fill `message` from its HTML template:
    // "explanation<br /><br />\ndetail\n\n", with `code` as the status line ("403 Forbidden").
    const webob = typeof code === 'string' && /^\d{3}\s/.test(code);
    const message = webob ? webobText(body['message']) : body['message'];
    return withOptional(
      message,
      numberOf(webob ? code.slice(0, 3) : code),
      stringOf(body['title']),
    );
  }

  // Nova and Cinder: `{"itemNotFound": {"code": 404, "message": "..."}}`.
  for (const [key, value] of Object.entries(body)) {
    if (isRecord(value) && typeof value['message'] === 'string') {
      return withOptional(value['message'], numberOf(value['code']), key);
    }
  }

  for (const key of ['detail', 'description', 'explanation'] as const) {
    const text = stringOf(body[key]);
    if (text) return { message: text };
  }
  return undefined;
}

/**
 * Glance and Swift answer errors with webob's plain text (`404 Not Found\n\nexplanation`) or a small
 * HTML page (`<h1>Not Found</h1><p>explanation</p>`). Keep the explanation, drop the heading.
 */
function parseTextFault(text: string): ParsedFault | undefined {
  const looksHtml = /<\/?[a-z][^>]*>/i.test(text);
  const plain = looksHtml ? htmlToText(text) : text;
  const lines = plain
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0);
  if (lines.length === 0) return undefined;
  const [first, ...rest] = lines;
  if (first !== undefined && rest.length > 0 && isStatusHeading(first)) {
    return { message: rest.join(' '), title: first.replace(/^\d{3}\s+/, '') };
  }
  return { message: lines.join(' ') };
}

/** webob's HTML-template text as one line: breaks become spaces, comments and tags go. */
function webobText(text: string): string {
  return decodeEntities(
    text
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join(' ');
}

function isStatusHeading(line: string): boolean {
  return line.length <= 48 && /^(\d{3}\s+)?[A-Z][A-Za-z' -]*$/.test(line);
}

function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(head|script|style)\b[\s\S]*?<\/\1\s*>/gi, '\n')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|h\d|div|li|tr|title|pre)\s*>/gi, '\n')
      .replace(/<(h\d|p|div|li|tr|pre)\b[^>]*>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  );
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const codePoint =
        entity[1] === 'x' || entity[1] === 'X'
          ? Number.parseInt(entity.slice(2), 16)
          : Number.parseInt(entity.slice(1), 10);
      return Number.isFinite(codePoint) && codePoint <= 0x10ffff
        ? String.fromCodePoint(codePoint)
        : whole;
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

function withOptional(message: string, code?: number, title?: string): ParsedFault {
  const fault: ParsedFault = { message };
  if (code !== undefined) fault.code = code;
  if (title !== undefined) fault.title = title;
  return fault;
}

function clip(message: string): string {
  return message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH)}…` : message;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return undefined;
}
