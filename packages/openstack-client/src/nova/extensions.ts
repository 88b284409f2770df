import type { CallOptions } from '../http/request';
import type { NovaContext } from './context';
import type { Extension, ExtensionsResponse } from './types';

export interface ExtensionCalls {
  /** The frozen v2.1 extension list; still what Horizon-era feature checks look at. */
  list(options?: CallOptions): Promise<Extension[]>;
}

export function extensionCalls(ctx: NovaContext): ExtensionCalls {
  return {
    async list(call = {}) {
      const answer = await ctx.call<ExtensionsResponse>(
        { want: '2.1' },
        { ...call, path: 'extensions' },
      );
      return answer.extensions;
    },
  };
}
