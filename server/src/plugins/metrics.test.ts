import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/useTestApp';

/** The value of one series in a Prometheus text exposition, or undefined when absent. */
const valueOf = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

/** A legacy (multipart) image upload of `data` with its declared size, as the web app sends it. */
const uploadBody = (data: string): string =>
  [
    ['name', 'metered'],
    ['disk_format', 'raw'],
    ['container_format', 'bare'],
    ['data_size', String(data.length)],
  ]
    .map(
      ([name, value]) =>
        `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('') +
  `--x\r\nContent-Disposition: form-data; name="data"; filename="a"\r\n\r\n${data}\r\n--x--\r\n`;

describe('/metrics (SKYDECK_METRICS=true)', () => {
  const { t, admin, demo } = useTestApp(['admin', 'demo'], { config: { metrics: true } });

  const scrape = async (): Promise<string> => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.body;
  };

  it('counts requests by route pattern and status, with latency histograms', async () => {
    await t.as(demo, { method: 'GET', url: '/api/nova/keypairs/' });
    await t.as(demo, { method: 'GET', url: '/api/nova/keypairs/mykey/' });
    await t.as(demo, { method: 'GET', url: '/api/no-such-thing/' });
    const text = await scrape();

    const ok = 'skydeck_http_requests_total{method="GET",route="/api/nova/keypairs/",status="200"}';
    expect(valueOf(text, ok)).toBeGreaterThanOrEqual(1);
    // The pattern, never the raw URL: one series for every key pair's name.
    expect(text).toMatch(/route="\/api\/nova\/keypairs\/:[a-z_]+\/?"/);
    expect(text).not.toContain('mykey');
    expect(text).toContain('route="(unmatched)",status="404"');
    expect(text).toContain(
      'skydeck_http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/nova/keypairs/",status="200"}',
    );
  });

  it('counts upstream calls by service with latency, and the active sessions', async () => {
    await t.as(demo, { method: 'GET', url: '/api/nova/keypairs/' });
    const text = await scrape();
    expect(
      valueOf(text, 'skydeck_upstream_requests_total{service="compute",method="GET",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(
        text,
        'skydeck_upstream_requests_total{service="identity",method="POST",status="201"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(
        text,
        'skydeck_upstream_request_duration_seconds_count{service="compute",method="GET"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'skydeck_active_sessions')).toBe(2);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('counts upload bytes and upstream errors', async () => {
    const before = valueOf(await scrape(), 'skydeck_upload_bytes_total') ?? 0;
    const upload = await t.as(demo, {
      method: 'POST',
      url: '/api/glance/images/',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: uploadBody('0123456789'),
    });
    expect(upload.statusCode).toBe(201);
    const missing = await t.as(demo, {
      method: 'GET',
      url: '/api/glance/images/00000000-0000-0000-0000-000000000000/',
    });
    expect(missing.statusCode).toBe(404);

    // The demo cloud's fault knob: Glance's next image GET fails with a 500.
    const fault = await fetch(`${t.cloud.url}/_demo/faults`, {
      method: 'POST',
      headers: { 'x-auth-token': await t.tokenOf(admin), 'content-type': 'application/json' },
      body: JSON.stringify({ service: 'image', method: 'GET', path: '/v2/images', status: 500 }),
    });
    expect(fault.status).toBe(201);
    const failed = await t.as(demo, { method: 'GET', url: '/api/glance/images/' });
    expect(failed.statusCode).toBe(502);

    const text = await scrape();
    expect(valueOf(text, 'skydeck_upload_bytes_total')).toBe(before + 10);
    expect(valueOf(text, 'skydeck_upstream_errors_total{service="image",reason="5xx"}')).toBe(1);
    expect(text).toMatch(
      /skydeck_upstream_requests_total\{service="image",method="GET",status="404"\}/,
    );
  });
});

describe('/metrics by default', () => {
  const { t } = useTestApp();

  it('is not served', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    // Whether the address then falls to the app's own page (200, when web/dist is built) or a
    // 404 depends on the build; what matters is that no metrics come out.
    expect(response.headers['content-type']).not.toMatch(/^text\/plain/);
    expect(response.body).not.toContain('skydeck_http_requests_total');
  });
});
