import type { CallOptions } from '../http/request';
import type { NovaContext } from './context';

export interface ServerName {
  id: string;
  name: string;
}

interface ServersBriefResponse {
  servers: { id: string; name: string }[];
}

export interface ServerCalls {
  /**
   * Every server's id and name in one brief list (GET /servers): enough to name the members of
   * a server group without one call per member. Nova caps one page at its max_limit (1000).
   */
  names(options?: CallOptions): Promise<ServerName[]>;
}

export function serverCalls(ctx: NovaContext): ServerCalls {
  return {
    async names(call = {}) {
      const answer = await ctx.call<ServersBriefResponse>(
        { want: '2.1' },
        { ...call, path: 'servers' },
      );
      return answer.servers.map(({ id, name }) => ({ id, name }));
    },
  };
}
