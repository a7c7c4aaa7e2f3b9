import { MessageChannel as NodeMessageChannel } from 'node:worker_threads'
import { bootInStages } from '@/h5runtime/stagedBoot'

// jsdom has no MessageChannel (Node's posts its messages as tasks, as a browser does) and no performance.measure.
beforeAll(() => {
  if (!(globalThis as any).MessageChannel) (globalThis as any).MessageChannel = NodeMessageChannel
  if (!performance.measure) Object.defineProperty(performance, 'measure', { value: () => undefined, configurable: true, writable: true })
})

describe('bootInStages (the H5 entry in stages)', () => {
  it('runs the stages in order, each in a task of its own, and measures each on the performance timeline', async () => {
    const order: string[] = []
    // A new task between the stages: the second starts only after a message to ourselves was delivered (a timer's
    // order against that message is not fixed in Node, so the message itself is what is counted).
    const post = jest.spyOn(new NodeMessageChannel().port1.constructor.prototype as MessagePort, 'postMessage')
    let postsBeforeSecond = -1
    const measure = jest.spyOn(performance, 'measure')
    await bootInStages([
      ['first', async () => void order.push('first')],
      [
        'second',
        async () => {
          postsBeforeSecond = post.mock.calls.length
          order.push('second')
        },
      ],
    ])
    expect(order).toEqual(['first', 'second'])
    expect(postsBeforeSecond).toBeGreaterThanOrEqual(1)
    expect(measure.mock.calls.map((c) => c[0])).toEqual(['boot first', 'boot second'])
    measure.mockRestore()
    post.mockRestore()
  })

  it('goes on where the timeline refuses the measure, stops at a stage that fails and reports it on the console', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const after = jest.fn()
    performance.measure = () => {
      throw new SyntaxError('an older browser: no such mark')
    }
    await bootInStages([
      ['fine despite the timeline', async () => undefined],
      ['broken', () => Promise.reject(new Error('chunk failed'))],
      ['after', async () => after()],
    ])
    expect(after).not.toHaveBeenCalled()
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ message: 'chunk failed' }))
    error.mockRestore()
  })
})
