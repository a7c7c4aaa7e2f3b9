// Issue 31 item 12: on the H5, the back button closes the overlay on top and the page stays; Taro's router (a
// popstate listener on window added after ours, as src/app.ts arranges) never sees that back.
import { closeOnBack, listenForBack, resetBackCloses } from '@/platform/backCloses'

// jsdom moves through history a task later; a listener of the test's own would be stopped like the router's.
const settle = () => new Promise((r) => setTimeout(r, 400))
const back = async () => {
  window.history.back()
  await settle()
}

describe('back closes the overlay (H5)', () => {
  const router = jest.fn()
  // As in the app: ours first (src/app.ts), then the router's (Chromium calls a window's listeners in that order).
  beforeAll(() => {
    listenForBack()
    window.addEventListener('popstate', router)
  })
  beforeEach(() => {
    resetBackCloses()
    router.mockClear()
    window.history.replaceState({ key: 'page', idx: 1 }, '', '/commonPages/login/login')
  })

  it('a back closes the open overlay, unseen by the router, on the same address', async () => {
    const close = jest.fn()
    const length = window.history.length
    const done = closeOnBack(close)
    expect(window.history.length).toBe(length + 1)
    expect(window.location.pathname).toBe('/commonPages/login/login')
    await back()
    expect(close).toHaveBeenCalledTimes(1)
    expect(router).not.toHaveBeenCalled()
    expect(window.history.state).toEqual({ key: 'page', idx: 1 })
    done() // the overlay's own clean-up after it closed: nothing more
    expect(router).not.toHaveBeenCalled()
  })

  it('two overlays: each back closes the top one', async () => {
    const first = jest.fn()
    const second = jest.fn()
    closeOnBack(first)
    closeOnBack(second)
    await back()
    expect(second).toHaveBeenCalledTimes(1)
    expect(first).not.toHaveBeenCalled()
    await back()
    expect(first).toHaveBeenCalledTimes(1)
    expect(router).not.toHaveBeenCalled()
  })

  it('an overlay closed another way leaves its entry, and the next back leaves the page in one press (the router sees that one)', async () => {
    window.history.replaceState({ key: 'mine', idx: 0 }, '', '/pages/mine/index')
    window.history.pushState({ key: 'page', idx: 1 }, '', '/commonPages/login/login')
    const close = jest.fn()
    const done = closeOnBack(close)
    done() // closed by its button: no history.back() of our own, so nothing races the page
    expect(router).not.toHaveBeenCalled()
    // Another overlay reuses the entry already there.
    const length = window.history.length
    const again = closeOnBack(jest.fn())
    expect(window.history.length).toBe(length)
    again()
    // The shopper's back: ours is swallowed and we go one step further, which the router handles.
    await back()
    await settle()
    expect(close).not.toHaveBeenCalled()
    expect(router).toHaveBeenCalledTimes(1)
    expect(window.location.pathname).toBe('/pages/mine/index')
  })
})
