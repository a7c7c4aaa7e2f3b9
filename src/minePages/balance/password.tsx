import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { Button, Input } from '@nutui/nutui-react-taro'
import type { PayPasswordStatus } from '@contract/balance'
import PageLayout from '@/components/PageLayout'
import { getPayPasswordStatus, sendPayPasswordCode, setPayPassword } from '@/api/balance'
import { isLoggedIn, requireLogin } from '@/core/auth'
import { back } from '@/core/nav'
import { toast } from '@/core/toast'
import { useCountdown } from '@/hooks/useCountdown'
import { isCode } from '@/utils/validate'
import './password.scss'

const digits = (v: unknown) => String(v).replace(/\D/g, '').slice(0, 6)

/** 我的 → 余额 → 支付密码: set or reset the 6-digit 支付密码 with an SMS code sent to the member's own phone. */
export default function PayPasswordPage() {
  const [loggedIn] = useState(() => isLoggedIn())
  const [status, setStatus] = useState<PayPasswordStatus | null>(null)
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [again, setAgain] = useState('')
  const [countdown, startCountdown] = useCountdown()
  const [sending, setSending] = useState(false)
  const [saving, setSaving] = useState(false)
  useEffect(() => {
    if (!loggedIn) {
      requireLogin()
      return
    }
    getPayPasswordStatus({ catch: true }).then(setStatus, () => undefined)
  }, [loggedIn])

  const sendCode = async () => {
    if (countdown > 0 || sending) return
    setSending(true)
    try {
      const r = await sendPayPasswordCode({ catch: true })
      toast('验证码已发送')
      startCountdown(r.cooldown)
    } catch (e: any) {
      if (e?.data?.cooldown) startCountdown(e.data.cooldown)
    } finally {
      setSending(false)
    }
  }

  const save = async () => {
    if (saving) return
    if (!isCode(code)) return toast('请输入6位验证码')
    if (password.length !== 6) return toast('请输入6位数字支付密码')
    if (/^(\d)\1{5}$/.test(password) || '0123456789'.includes(password) || '9876543210'.includes(password)) return toast('支付密码过于简单，请勿使用重复或连续的数字')
    if (again !== password) return toast('两次输入的支付密码不一致')
    setSaving(true)
    try {
      await setPayPassword({ verificationCode: code, payPassword: password }, { catch: true })
      toast(status?.set ? '支付密码已重置' : '支付密码已设置', 'success')
      setTimeout(back, 800)
    } catch {
      // message shown by the request client
    } finally {
      setSaving(false)
    }
  }

  const title = status?.set ? '重置支付密码' : '设置支付密码'
  return (
    <PageLayout variant='back' title={title} className='pay-password-page'>
      <View className='pay-password-page__card'>
        <Text className='pay-password-page__hint'>
          {status?.lockedUntil ? '支付密码已锁定，重置后即可使用。' : ''}支付密码用于余额支付和提现，验证码将发送至 {status?.phone || '您绑定的手机号'}
        </Text>
        <View className='pay-password-page__row'>
          <Text className='pay-password-page__label'>验证码</Text>
          <Input className='pay-password-page__input' type='number' maxLength={6} placeholder='请输入验证码' value={code} onChange={(v) => setCode(digits(v))} />
          <View className={`pay-password-page__code ${countdown > 0 ? 'is-disabled' : ''}`} role='button' onClick={sendCode}>
            {countdown > 0 ? `${countdown}秒后重新获取` : '获取验证码'}
          </View>
        </View>
        <View className='pay-password-page__row'>
          <Text className='pay-password-page__label'>支付密码</Text>
          <Input className='pay-password-page__input' type='password' maxLength={6} placeholder='6位数字' value={password} onChange={(v) => setPassword(digits(v))} />
        </View>
        <View className='pay-password-page__row'>
          <Text className='pay-password-page__label'>确认密码</Text>
          <Input className='pay-password-page__input' type='password' maxLength={6} placeholder='再次输入' value={again} onChange={(v) => setAgain(digits(v))} />
        </View>
      </View>
      <View className='pay-password-page__foot'>
        <Button type='primary' block loading={saving} disabled={saving || !status} onClick={save}>
          {status?.set ? '确认重置' : '确认设置'}
        </Button>
        <Text className='pay-password-page__tip'>请勿使用生日、重复或连续的数字；连续输错5次将锁定1小时</Text>
      </View>
    </PageLayout>
  )
}
