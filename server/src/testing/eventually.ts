/** Polls `check` until it passes or `timeoutMs` runs out (for state that settles in the background, e.g. Redis reconnecting). */
export const eventually = async (check: () => Promise<void>, timeoutMs = 15_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
};
