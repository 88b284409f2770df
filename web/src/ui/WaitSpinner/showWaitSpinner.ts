import { createHostStore } from '../hostStore';

export const waitSpinnerStore = createHostStore(0);

/** Shows the app-wide "Loading" overlay until the returned function is called (counted). */
export function showWaitSpinner(): () => void {
  waitSpinnerStore.set((n) => n + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    waitSpinnerStore.set((n) => n - 1);
  };
}
