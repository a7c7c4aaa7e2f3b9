import { useEffect, useRef, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { Popup } from '@nutui/nutui-react-taro'
import { Close } from '@nutui/icons-react-taro'
import { getPayPasswordStatus } from '@/api/balance'
import { navigateTo } from '@/core/nav'
import { confirm } from '@/core/toast'
import { ROUTES } from '@/routes'
import { useDialogFocus } from '@/hooks/useDialogFocus'
import './index.scss'

const LENGTH = 6
/** The number pad (a tap or a click types; NutUI's NumberKeyboard answers touches only, not a mouse or a keyboard). */
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '', '0', 'del']

/**
 * 支付密码 at the moments the balance is spent (an order using 余额, a withdrawal): `ask(what)` resolves with the 6
 * digits typed in the bottom sheet (6 boxes and a number pad), or null when the shopper closes it. None set yet or locked: it offers the set page
 * (设置/重置支付密码) instead and resolves null. Render `sheet` once in the page. The server checks the password
 * (wrong tries are counted there; its message, 支付密码错误，还可尝试N次, is toasted by the request client).
 */
export function usePayPassword() {
  const [open, setOpen] = useState(false)
  const [value, setValue] = useState('')
  const [what, setWhat] = useState('')
  const resolver = useRef<((v: string | null) => void) | null>(null)

  const done = (v: string | null) => {
    setOpen(false)
    setValue('')
    const r = resolver.current
    resolver.current = null
    r?.(v)
  }
  useEffect(() => {
    if (value.length === LENGTH) done(value)
  }, [value])

  const ask = async (description = ''): Promise<string | null> => {
    const st = await getPayPasswordStatus({ catch: true }).catch(() => null)
    if (!st) return null
    if (!st.set) {
      if (await confirm('为保障余额安全，使用余额支付或提现前请先设置6位数字支付密码', '设置支付密码', { confirmText: '去设置' })) navigateTo(ROUTES.balancePassword)
      return null
    }
    if (st.lockedUntil) {
      const minutes = Math.max(1, Math.ceil((st.lockedUntil - Date.now()) / 60_000))
      if (await confirm(`支付密码已锁定，请${minutes}分钟后再试，或通过短信验证码重置`, '支付密码已锁定', { confirmText: '去重置' })) navigateTo(ROUTES.balancePassword)
      return null
    }
    setWhat(description)
    setValue('')
    setOpen(true)
    return new Promise((resolve) => (resolver.current = resolve))
  }

  const press = (key: string) => setValue((v) => (key === 'del' ? v.slice(0, -1) : v.length < LENGTH ? v + key : v))
  const dialogClass = useDialogFocus(open, '请输入支付密码', () => done(null))
  const sheet = (
    <Popup visible={open} position='bottom' round className={`pay-password ${dialogClass}`} onClose={() => done(null)}>
      <View className='pay-password__head'>
        <Text className='pay-password__title'>请输入支付密码</Text>
        <View className='pay-password__close' role='button' aria-label='关闭' onClick={() => done(null)}>
          <Close size={16} />
        </View>
      </View>
      {!!what && <Text className='pay-password__what'>{what}</Text>}
      <View className='pay-password__boxes' aria-label={`已输入${value.length}位，共${LENGTH}位`}>
        {Array.from({ length: LENGTH }, (_, i) => (
          <View key={i} className={`pay-password__box ${i === value.length ? 'is-current' : ''}`}>
            {i < value.length && <View className='pay-password__dot' />}
          </View>
        ))}
      </View>
      <View
        className='pay-password__forgot'
        role='button'

        onClick={() => {
          done(null)
          navigateTo(ROUTES.balancePassword)
        }}
      >
        忘记密码？
      </View>
      <View className='pay-password__keys'>
        {KEYS.map((k, i) =>
          k ? (
            <View key={k} className={`pay-password__key ${k === 'del' ? 'is-del' : ''}`} role='button' aria-label={k === 'del' ? '删除' : k} onClick={() => press(k)}>
              {k === 'del' ? '删除' : k}
            </View>
          ) : (
            <View key={`blank${i}`} className='pay-password__key is-blank' />
          ),
        )}
      </View>
    </Popup>
  )
  return { ask, sheet }
}
