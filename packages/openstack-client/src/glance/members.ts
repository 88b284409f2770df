import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import type { ServiceHttp } from '../http/serviceHttp';
import type { ImageMember, ImageMembersResponse, MemberStatus } from './types';

/** /v2/images/{id}/members: projects an image is shared with (the image must be `shared`). */
export interface ImageMemberCalls {
  list(imageId: string, options?: CallOptions): Promise<ImageMember[]>;
  get(imageId: string, memberId: string, options?: CallOptions): Promise<ImageMember>;
  /** The owner shares the image with a project; the member starts `pending`. */
  create(imageId: string, memberId: string, options?: CallOptions): Promise<ImageMember>;
  /** The member project accepts or rejects. */
  update(
    imageId: string,
    memberId: string,
    status: MemberStatus,
    options?: CallOptions,
  ): Promise<ImageMember>;
  delete(imageId: string, memberId: string, options?: CallOptions): Promise<void>;
}

export function imageMemberCalls(http: ServiceHttp): ImageMemberCalls {
  return {
    async list(imageId, call = {}) {
      const answer = await http.json<ImageMembersResponse>({
        ...call,
        path: urlPath`images/${imageId}/members`,
      });
      return answer.members;
    },
    get: (imageId, memberId, call = {}) =>
      http.json<ImageMember>({ ...call, path: urlPath`images/${imageId}/members/${memberId}` }),
    create: (imageId, memberId, call = {}) =>
      http.json<ImageMember>({
        ...call,
        method: 'POST',
        path: urlPath`images/${imageId}/members`,
        json: { member: memberId },
      }),
    update: (imageId, memberId, status, call = {}) =>
      http.json<ImageMember>({
        ...call,
        method: 'PUT',
        path: urlPath`images/${imageId}/members/${memberId}`,
        json: { status },
      }),
    async delete(imageId, memberId, call = {}) {
      await http.json<unknown>({
        ...call,
        method: 'DELETE',
        path: urlPath`images/${imageId}/members/${memberId}`,
      });
    },
  };
}
