import { ApiError } from '@skydeck/contract';

/** Every route answers errors as `{ message }`; listed so the serializer allows nothing else. */
export const errorResponses = { '4xx': ApiError, '5xx': ApiError } as const;
