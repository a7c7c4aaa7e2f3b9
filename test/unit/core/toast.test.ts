import Taro from '@tarojs/taro'
import { confirm, toast, toastCentre } from '@/core/toast'

// Taro's own H5 modal, drawn in jsdom: confirm() makes it a keyboard- and screen-reader-usable alertdialog.
const modal = () => document.querySelector<HTMLElement>('.taro-modal__content')!
const okButton = () => document.querySelector<HTMLElement>('.taro-model__confirm')!
const cancelButton = () => document.querySelector<HTMLElement>('.taro-model__cancel')!
const key = (k: string, shiftKey = false) => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: k, shiftKey, bubbles: true, cancelable: true }))

let opener: HTMLButtonElement
beforeEach(() => {
  opener = document.createElement('button')
  opener.textContent = '删除'
  document.body.appendChild(opener)
  opener.focus()
})
afterEach(() => opener.remove())

describe('confirm() on the H5', () => {
  it('is an alertdialog named by its title and described by its text, with the focus on the confirm button', async () => {
    const answer = confirm('确定删除该商品吗？', '删除商品')
    expect(modal().getAttribute('role')).toBe('alertdialog')
    expect(modal().getAttribute('aria-modal')).toBe('true')
    expect(document.getElementById(modal().getAttribute('aria-labelledby')!)!.textContent).toBe('删除商品')
    expect(document.getElementById(modal().getAttribute('aria-describedby')!)!.textContent).toBe('确定删除该商品吗？')
    expect(okButton().getAttribute('role')).toBe('button')
    expect(document.activeElement).toBe(okButton())
    key('Enter')
    expect(await answer).toBe(true)
  })

  it('keeps Tab and Shift+Tab on its two buttons', async () => {
    const answer = confirm('确定清空搜索历史吗？')
    key('Tab')
    expect(document.activeElement).toBe(cancelButton())
    key('Tab')
    expect(document.activeElement).toBe(okButton())
    key('Tab', true)
    expect(document.activeElement).toBe(cancelButton())
    key('Tab', true)
    expect(document.activeElement).toBe(okButton())
    key('Escape')
    await answer
  })

  it('answers cancel on Escape and returns the focus to the control that opened it', async () => {
    const answer = confirm('确定退出当前账号吗？', '退出登录')
    expect(document.activeElement).not.toBe(opener)
    key('Escape')
    expect(await answer).toBe(false)
    expect(document.activeElement).toBe(opener)
  })

  it('a one-button alert is answered by Escape, and its words are the ones given', async () => {
    const answer = confirm('当前微信版本过低，请升级微信后再确认收款', '提示', { showCancel: false, confirmText: '知道了' })
    expect(okButton().textContent).toBe('知道了')
    key('Tab')
    expect(document.activeElement).toBe(okButton())
    key('Escape')
    expect(await answer).toBe(true)
  })

  it('hands its words to Taro.showModal (wx.showModal in the mini-program)', async () => {
    const spy = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true } as any)
    expect(await confirm('模拟支付 ¥9.90，确认支付？', '沙箱支付', { confirmText: '确认支付' })).toBe(false)
    expect(spy).toHaveBeenCalledWith({ title: '沙箱支付', content: '模拟支付 ¥9.90，确认支付？', confirmColor: '#AF57FF', confirmText: '确认支付' })
    spy.mockRestore()
  })
})

describe('toasts on the H5', () => {
  const viewport = { width: 375, height: 812 }
  const size = { width: 160, height: 44 }

  it('sit in the middle when nothing is there, and move off a button they would cover', () => {
    expect(toastCentre(size, viewport, [])).toBe(406)
    // The login page's 登录 button across the middle of the screen: the toast goes above it.
    const login = { top: 380, bottom: 424, left: 24, right: 351 }
    const y = toastCentre(size, viewport, [login])
    expect(y + size.height / 2 <= login.top || y - size.height / 2 >= login.bottom).toBe(true)
    // Buttons above and across the middle: below them.
    const upper = { top: 220, bottom: 270, left: 24, right: 351 }
    const y2 = toastCentre(size, viewport, [login, upper])
    for (const b of [login, upper]) expect(y2 + size.height / 2 <= b.top || y2 - size.height / 2 >= b.bottom).toBe(true)
  })

  it('is announced as a status and keeps each word on one line', () => {
    toast('请先阅读并同意用户协议和隐私政策')
    const box = document.querySelector<HTMLElement>('.taro__toast > div:last-child')!
    expect(box.getAttribute('role')).toBe('status')
    const words = Array.from(box.querySelectorAll('.taro__toast-word'), (w) => w.textContent)
    expect(words.join('')).toBe('请先阅读并同意用户协议和隐私政策')
    expect(words.length).toBeGreaterThan(3)
    expect(words.some((w) => w === '用户' || w === '用户协议')).toBe(true)
    // The next toast reuses the element: its words are cut again.
    toast('验证码已发送')
    expect(Array.from(box.querySelectorAll('.taro__toast-word'), (w) => w.textContent).join('')).toBe('验证码已发送')
  })
})
