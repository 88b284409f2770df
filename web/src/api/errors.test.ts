import { afterEach, describe, expect, it, vi } from 'vitest';
import { msg } from '../i18n/msg';
import { toast } from '../ui/Toasts/toast';
import { conflictReason, reportError } from './errors';
import { ApiError } from './http';

afterEach(() => vi.restoreAllMocks());

describe('a conflict (409) reported with the caller message', () => {
  it("adds the service's reason when our server answered, and nothing for another's page", () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const inUse =
      'Unable to complete operation on subnet s1: One or more ports have an IP allocation from this subnet.';
    reportError(new ApiError(409, inUse, { message: inUse }), {
      errorMessage: msg('Unable to delete the subnet.'),
    });
    expect(error).toHaveBeenLastCalledWith(`Unable to delete the subnet. ${inUse}`);

    // A 409 page from something in between (no JSON body) and other 4xx add nothing.
    reportError(new ApiError(409, '<html>Conflict</html>', '<html>Conflict</html>'), {
      errorMessage: msg('Unable to delete the subnet.'),
    });
    expect(error).toHaveBeenLastCalledWith('Unable to delete the subnet.');
    reportError(new ApiError(404, 'Subnet not found', { message: 'Subnet not found' }), {
      errorMessage: msg('Unable to delete the subnet.'),
    });
    expect(error).toHaveBeenLastCalledWith('Unable to delete the subnet.');
  });

  it('is read only from 409s with a JSON body', () => {
    expect(conflictReason(new ApiError(409, 'in use', { message: 'in use' }))).toBe('in use');
    expect(conflictReason(new ApiError(409, 'in use', null))).toBe('');
    expect(conflictReason(new ApiError(400, 'bad', { message: 'bad' }))).toBe('');
    expect(conflictReason(new Error('in use'))).toBe('');
  });
});
