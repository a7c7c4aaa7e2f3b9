import { useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Button, Input } from '@nutui/nutui-react-taro'
import PageLayout from '@/components/PageLayout'
import { bindInvitationCode } from '@/api/member'
import { loadMemberInfo, requireLogin } from '@/core/auth'
import { back } from '@/core/nav'
import { toast } from '@/core/toast'
import './login.scss'

/** An invitation code is 4-12 letters or digits (an agent's code). */
export const isInvitationCode = (v: string) => /^[A-Za-z0-9]{4,12}$/.test(v.trim())

export default function InvitationCodePage() {
  const [code, setCode] = useState('')
  const [submitting, setSubmitting] = useState(false)
  useDidShow(() => {
    requireLogin()
  })
  const submit = async () => {
    if (!isInvitationCode(code)) return toast('请输入正确的邀请码')
    setSubmitting(true)
    try {
      const res = await bindInvitationCode(code.trim().toUpperCase())
      await loadMemberInfo()
      toast(`已绑定邀请人${res.inviterName ? `：${res.inviterName}` : ''}`, 'success')
      setTimeout(() => back(), 1200)
    } finally {
      setSubmitting(false)
    }
  }
  return (
    <PageLayout variant='login' title='填写邀请码'>
      <View className='login'>
        <View className='login__hero'>
          <Text className='login__brand'>填写邀请码</Text>
          <Text className='login__slogan'>绑定邀请人后，可享受其店铺的专属服务</Text>
        </View>
        <View className='login__form'>
          <View className='login__field'>
            <Input className='login__input' maxLength={12} placeholder='请输入邀请码' value={code} onChange={(v) => setCode(String(v))} />
          </View>
          <Button className='login__submit' type='primary' block loading={submitting} onClick={submit}>
            确认绑定
          </Button>
        </View>
      </View>
    </PageLayout>
  )
}
