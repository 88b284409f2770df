import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { MESSAGES_HEADER, type HeaderMessage, type MessageType } from '@skydeck/contract';

export interface ReplyMessages {
  push(type: MessageType, text: string, extraTags?: string): void;
  readonly list: readonly HeaderMessage[];
}

declare module 'fastify' {
  interface FastifyReply {
    /** Messages for the user, sent as the X-Skydeck-Messages header (spec 1 §7). */
    readonly messages: ReplyMessages;
  }
}

const kMessages = Symbol('skydeck.messages');
type WithMessages = { [kMessages]?: HeaderMessage[] };

/** JSON with every non-ASCII character escaped: header values must stay Latin-1. */
export const encodeMessages = (list: readonly HeaderMessage[]): string =>
  JSON.stringify(list).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const messagesOf = (holder: WithMessages): ReplyMessages => ({
  push(type, text, extraTags = '') {
    (holder[kMessages] ??= []).push([type, text, extraTags]);
  },
  get list() {
    return holder[kMessages] ?? [];
  },
});

const plugin: FastifyPluginAsync = async (app) => {
  app.decorateReply('messages', {
    getter(this: FastifyReply): ReplyMessages {
      return messagesOf(this as unknown as WithMessages);
    },
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    const list = (reply as unknown as WithMessages)[kMessages];
    if (list && list.length > 0) reply.header(MESSAGES_HEADER, encodeMessages(list));
    return payload;
  });
};

export const messages = fp(plugin, { name: 'skydeck-messages', fastify: '5.x' });
