// A limit on work at once shared fairly between clients: the image service's fetches and resizes
// (image-variants.mjs) and the pages the Node server renders (node-layer.mjs, createRenderGate) take turns
// through it, so one client asking for much cannot make everyone else wait behind it.

/**
 * At most `limit` tasks at once, taken from the waiting clients in turn: each client's tasks wait in their own
 * line and a free slot goes to the next client (round robin), so a client with 60 waiting delays another's
 * first task by one turn, not by 60. At most `maxQueue` wait in all; when that is full, a newcomer takes the
 * place of the newest task of the client with the most waiting (that one is turned away), unless the
 * newcomer's own client is that one. `busy()` is the error a task turned away is rejected with.
 *
 * @param {number} limit
 * @param {number} maxQueue
 * @param {() => Error} busy
 */
export function createFairLimiter(limit, maxQueue, busy) {
  let running = 0;
  let waitingCount = 0;
  /** client → its waiting tasks; the Map's order is the turn order (a client served goes to the back). */
  const lines = new Map();
  const stats = { running: 0, mostAtOnce: 0, done: 0, turnedAway: 0 };
  const next = () => {
    while (running < limit && waitingCount > 0) {
      const [client, line] = lines.entries().next().value;
      const { task, resolve, reject } = line.shift();
      lines.delete(client);
      if (line.length > 0) lines.set(client, line);
      waitingCount -= 1;
      running += 1;
      stats.running = running;
      stats.mostAtOnce = Math.max(stats.mostAtOnce, running);
      Promise.resolve()
        .then(task)
        .then(resolve, reject)
        .finally(() => {
          running -= 1;
          stats.running = running;
          stats.done += 1;
          next();
        });
    }
  };
  const makeRoomFor = (client) => {
    let longest;
    for (const [each, line] of lines) if (!longest || line.length > longest[1].length) longest = [each, line];
    if (!longest || longest[1].length <= (lines.get(client)?.length ?? 0) + 1) return false;
    const [each, line] = longest;
    line.pop().reject(busy());
    if (line.length === 0) lines.delete(each);
    waitingCount -= 1;
    stats.turnedAway += 1;
    return true;
  };
  return {
    stats,
    /** Tasks waiting for their turn now. */
    waiting: () => waitingCount,
    run(client, task) {
      if (waitingCount >= maxQueue && !makeRoomFor(client)) {
        stats.turnedAway += 1;
        return Promise.reject(busy());
      }
      return new Promise((resolve, reject) => {
        const line = lines.get(client);
        if (line) line.push({ task, resolve, reject });
        else lines.set(client, [{ task, resolve, reject }]);
        waitingCount += 1;
        next();
      });
    },
  };
}
