import { useEffect, useState } from 'react'
import Taro, { useRouter } from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import { Button, Input, TextArea } from '@nutui/nutui-react-taro'
import PageLayout from '@/components/PageLayout'
import { getCard, saveCard } from '@/api/businessCard'
import { uploadMedia } from '@/api/upload'
import { requireLogin } from '@/core/auth'
import { redirectTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { toast } from '@/core/toast'
import { ROUTES } from '@/routes'
import { EMPTY_CARD, cardProblem, type CardForm as Form } from './cardRules'
import './card.scss'

const FIELDS: Array<{ key: keyof Form; label: string; placeholder: string; max: number; required?: boolean; type?: 'tel' | 'text' }> = [
  { key: 'name', label: '姓名', placeholder: '请输入姓名', max: 20, required: true },
  { key: 'title', label: '职位', placeholder: '如：店长', max: 20 },
  { key: 'company', label: '公司', placeholder: '公司或店铺名称', max: 40 },
  { key: 'phone', label: '电话', placeholder: '手机号或座机（如 0571-88886666）', max: 20, required: true, type: 'tel' },
  { key: 'wechat', label: '微信号', placeholder: '选填', max: 20 },
  { key: 'email', label: '邮箱', placeholder: '选填', max: 64 },
  { key: 'address', label: '地址', placeholder: '选填', max: 100 },
]

export default function BusinessCardEditPage() {
  const { params } = useRouter()
  const id = Number(params.id) > 0 ? Number(params.id) : undefined
  const [form, setForm] = useState<Form>(EMPTY_CARD)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!requireLogin() || !id) return
    getCard(id)
      .then((c) => setForm({ name: c.name, title: c.title, company: c.company, phone: c.phone, wechat: c.wechat, email: c.email, address: c.address, avatar: c.avatar, intro: c.intro }))
      .catch(() => undefined)
  }, [id])

  const set = (k: keyof Form) => (v: string) => setForm((f) => ({ ...f, [k]: v }))

  const pickAvatar = async () => {
    try {
      const res = await Taro.chooseImage({ count: 1, sizeType: ['compressed'], sourceType: ['album', 'camera'] })
      if (!res.tempFilePaths[0]) return
      Taro.showLoading({ title: '上传中' })
      const up = await uploadMedia(res.tempFilePaths[0]).finally(() => Taro.hideLoading())
      setForm((f) => ({ ...f, avatar: up.url }))
    } catch (e: any) {
      if (e && !/cancel/i.test(String(e.errMsg || ''))) toast('头像上传失败')
    }
  }

  const submit = async () => {
    const problem = cardProblem(form)
    if (problem) return toast(problem)
    setBusy(true)
    try {
      const saved = await saveCard({ ...form, id, phone: form.phone.replace(/\s+/g, '') })
      toast('保存成功', 'success')
      setTimeout(() => redirectTo(ROUTES.cardPreview, { id: saved.id }), 600)
    } catch {
      setBusy(false)
    }
  }

  return (
    <PageLayout
      variant='back'
      title={id ? '编辑名片' : '新建名片'}
      footer={
        <View style={{ padding: '8px 12px' }}>
          <Button type='primary' block loading={busy} onClick={submit}>
            保存
          </Button>
        </View>
      }
    >
      <View className='bcard-form'>
        <View className='bcard-form__avatar' onClick={pickAvatar}>
          <Text>头像</Text>
          {form.avatar ? <Image className='bcard-form__avatar-img' src={assetUrl(form.avatar)} mode='aspectFill' /> : <Text className='muted'>点击上传 ›</Text>}
        </View>
        {FIELDS.map((f) => (
          <View key={f.key} className='bcard-form__item'>
            <Text className='bcard-form__label'>
              {f.label}
              {f.required ? <Text className='bcard-form__req'>*</Text> : null}
            </Text>
            <Input value={form[f.key]} type={f.type === 'tel' ? 'tel' : 'text'} maxLength={f.max} placeholder={f.placeholder} onChange={set(f.key)} clearable />
          </View>
        ))}
        <View className='bcard-form__intro'>
          <Text className='bcard-form__label'>个人简介</Text>
          <TextArea value={form.intro} maxLength={300} showCount placeholder='介绍一下自己或你的店铺' onChange={set('intro')} />
        </View>
      </View>
      <View className='bcard-form__notice'>名片分享后，持有链接的人都可以查看，请只填写愿意公开的信息。</View>
    </PageLayout>
  )
}
