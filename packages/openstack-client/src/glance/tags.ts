import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import type { ServiceHttp } from '../http/serviceHttp';

/** /v2/images/{id}/tags/{tag}: one tag at a time (a PATCH of `/tags` replaces them all). */
export interface ImageTagCalls {
  add(imageId: string, tag: string, options?: CallOptions): Promise<void>;
  delete(imageId: string, tag: string, options?: CallOptions): Promise<void>;
}

export function imageTagCalls(http: ServiceHttp): ImageTagCalls {
  const call = async (
    method: 'PUT' | 'DELETE',
    imageId: string,
    tag: string,
    options: CallOptions,
  ): Promise<void> => {
    await http.json<unknown>({ ...options, method, path: urlPath`images/${imageId}/tags/${tag}` });
  };
  return {
    add: (imageId, tag, options = {}) => call('PUT', imageId, tag, options),
    delete: (imageId, tag, options = {}) => call('DELETE', imageId, tag, options),
  };
}
