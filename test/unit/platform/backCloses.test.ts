import { closeOnBack } from '@/platform/backCloses'

/** Waits for the popstate a history.back() fires (a later task in jsdom, as in a browser). */
const popped = () => new Promise((r) => setTimeout(r, 50))

describe('the back button and overlays (H5)', () => {
  const router = jest.fn()
  beforeAll(() => window.addEventListener('popstate', router))
  afterAll(() => window.removeEventListener('popstate', router))
  beforeEach(() => {
    router.mockClear()
    // The page opened over another one (so there is a page to go back to).
    window.history.pushState({ idx: 3 }, '', '/commonPages/login/login?redirect=%2Fpages%2Fmine%2Findex')
  })

  it('closes the overlay on top and stays on the page; the router never hears of it', async () => {
    const sheet = jest.fn()
    const preview = jest.fn()
    const releaseSheet = closeOnBack(sheet)
    closeOnBack(preview)
    window.history.back()
    await popped()
    expect(preview).toHaveBeenCalledTimes(1)
    expect(sheet).not.toHaveBeenCalled()
    window.history.back()
    await popped()
    expect(sheet).toHaveBeenCalledTimes(1)
    expect(router).not.toHaveBeenCalled()
    expect(window.location.pathname).toBe('/commonPages/login/login')
    expect(window.history.state).toEqual({ idx: 3 })
    releaseSheet() // closed by the back already: nothing more
    await popped()
    expect(window.history.state).toEqual({ idx: 3 })
  })

  it('an overlay closed another way takes its history entry off, unseen by the router', async () => {
    const sheet = jest.fn()
    const release = closeOnBack(sheet)
    expect(window.history.state).toMatchObject({ idx: 3, overlay: expect.any(Number) })
    release()
    await popped()
    expect(window.history.state).toEqual({ idx: 3 })
    expect(sheet).not.toHaveBeenCalled()
    expect(router).not.toHaveBeenCalled()
    // The next back is the router's again.
    window.history.back()
    await popped()
    expect(router).toHaveBeenCalledTimes(1)
  })
})
