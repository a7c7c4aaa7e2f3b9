/**
 * H5 only: runs the app's entry in stages (config/stagedEntryLoader.js makes the list), one task each, so that
 * the browser can paint and answer a tap between them instead of waiting for one long start-up task.
 */
/** What the stage loads (for the performance timeline: "boot <name>") and how. */
type Stage = [name: string, load: () => Promise<unknown>]

/** A new task as soon as possible: a message to ourselves (setTimeout would wait 4 ms after a few nested calls). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}

/** The stage's time on the performance timeline, where the browser has User Timing's start option (Chrome 78+, iOS 14.1+). */
function measureStage(name: string, start: number) {
  try {
    performance.measure?.(`boot ${name}`, { start })
  } catch {
    // An older browser reads the object as a mark's name and throws: nothing to measure there.
  }
}

export async function bootInStages(stages: Stage[]) {
  try {
    for (const [name, load] of stages) {
      const start = performance.now()
      await load()
      measureStage(name, start)
      await nextTask()
    }
  } catch (error) {
    // As with a failed start-up script: the page stays as the server sent it; the error is for the console.
    console.error(error)
  }
}
