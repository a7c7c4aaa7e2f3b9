import { useState, type ReactNode } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Button, Input, TextArea } from '@nutui/nutui-react-taro'
import { AGENT_APPLY_STATE_TEXT, type AgentApplyRequest, type ToApplyResponse } from '@contract/agent'
import PageLayout from '@/components/PageLayout'
import { applyAgent, toApply } from '@/api/agent'
import { loadMemberInfo, requireLogin } from '@/core/auth'
import { redirectTo } from '@/core/nav'
import { toast } from '@/core/toast'
import { ROUTES } from '@/routes'
import { formatTime } from '@/utils/time'
import { applyFormError } from './rules'
import '../components/agent.scss'
import './index.scss'

const EMPTY: AgentApplyRequest = { shopName: '', realName: '', phone: '', idCard: '', reason: '' }

/**
 * Become an agent: the form (shop name, real name, phone, ID card, reason) while there is no application or
 * after a rejection; the state while it is under review; the way into the back office once approved.
 */
export default function ApplyIndexPage() {
  const [data, setData] = useState<ToApplyResponse | null>(null)
  const [form, setForm] = useState<AgentApplyRequest>(EMPTY)
  const [submitting, setSubmitting] = useState(false)

  const load = async () => {
    const res = await toApply({ catch: true }).catch(() => null)
    if (!res) return
    setData(res)
    setForm((f) => ({
      ...f,
      phone: f.phone || res.prefillPhone,
      shopName: f.shopName || (res.state === 'rejected' ? res.application?.shopName || '' : ''),
      realName: f.realName || (res.state === 'rejected' ? res.application?.realName || '' : ''),
    }))
    // The mine tab and the share titles read businessId / shopName from the stored member info.
    if (res.state === 'approved') loadMemberInfo().catch(() => undefined)
  }
  useDidShow(() => {
    if (requireLogin()) load()
  })

  const set = (k: keyof AgentApplyRequest) => (v: string) =>
    setForm((f) => ({
      ...f,
      [k]:
        k === 'phone'
          ? String(v).replace(/\D/g, '')
          : k === 'idCard'
            ? String(v)
                .replace(/[^0-9xX]/g, '')
                .toUpperCase()
            : String(v),
    }))

  const submit = async () => {
    const error = applyFormError(form)
    if (error) return toast(error)
    if (submitting) return
    setSubmitting(true)
    try {
      const res = await applyAgent({ ...form, shopName: form.shopName.trim(), realName: form.realName.trim(), reason: form.reason.trim() }, { catch: true })
      setData(res)
      toast('申请已提交', 'success')
      loadMemberInfo().catch(() => undefined)
    } catch {
      // the request client showed the server's message
    } finally {
      setSubmitting(false)
    }
  }

  const state = data?.state
  const app = data?.application
  const options = data?.options

  return (
    <PageLayout variant='back' title='申请成为代理'>
      <View className='agent-hero'>
        <Text className='agent-hero__title'>成为代理，开一家自己的小店</Text>
        <View className='agent-hero__sub'>选品分享给好友，好友下单您赚佣金</View>
      </View>

      {!data && <View className='empty-hint'>加载中...</View>}

      {state === 'approved' && data?.shop && (
        <View className='agent-panel agent-panel--lift apply-state'>
          <Text className='apply-state__icon apply-state__icon--ok'>✓</Text>
          <Text className='apply-state__title'>您已是代理</Text>
          <Text className='apply-state__text'>店铺：{data.shop.shopName}</Text>
          <Button type='primary' block className='apply-state__btn' onClick={() => redirectTo(ROUTES.agentHome)}>
            进入代理后台
          </Button>
        </View>
      )}

      {state === 'suspended' && data?.suspension && (
        <View className='agent-panel agent-panel--lift apply-state'>
          <Text className='apply-state__icon'>!</Text>
          <Text className='apply-state__title'>代理资格已被清退</Text>
          <Text className='apply-state__text'>
            {formatTime(data.suspension.at)} 起您的代理店铺已关闭，原因：{data.suspension.reason}
          </Text>
          <Text className='apply-state__text'>{data.suspension.moneyLeft ? '已赚取的佣金仍归您所有，可在收益与提现中查看和提现。' : '如有疑问请联系客服。'}</Text>
          {data.suspension.moneyLeft && (
            <Button type='primary' block className='apply-state__btn' onClick={() => redirectTo(ROUTES.agentWithdraw)}>
              收益与提现
            </Button>
          )}
        </View>
      )}

      {state === 'pending' && app && (
        <View className='agent-panel agent-panel--lift apply-state'>
          <Text className='apply-state__icon'>…</Text>
          <Text className='apply-state__title'>申请审核中</Text>
          <Text className='apply-state__text'>提交于 {formatTime(app.createdAt)}，平台将在 1-3 个工作日内完成审核</Text>
          <View className='apply-state__rows'>
            <Row label='店铺名称' value={app.shopName} />
            <Row label='真实姓名' value={app.realName} />
            <Row label='手机号' value={app.phone} />
            <Row label='身份证号' value={app.idCard} />
            <Row label='申请理由' value={app.reason} />
          </View>
        </View>
      )}

      {(state === 'none' || state === 'rejected') && options && (
        <>
          {state === 'rejected' && app && (
            <View className='agent-panel agent-panel--lift apply-rejected'>
              <Text className='apply-rejected__title'>申请{AGENT_APPLY_STATE_TEXT.rejected}</Text>
              <Text className='apply-rejected__reason'>原因：{app.rejectReason || '资料不符合要求'}</Text>
              <Text className='apply-rejected__hint'>请修改资料后重新提交</Text>
            </View>
          )}
          <View className={`agent-panel apply-form ${state === 'none' ? 'agent-panel--lift' : ''}`}>
            <Field label='店铺名称'>
              <Input placeholder={`${options.shopNameMin}-${options.shopNameMax}个字，如：花语小店`} maxLength={options.shopNameMax} value={form.shopName} onChange={set('shopName')} />
            </Field>
            <Field label='真实姓名'>
              <Input placeholder='与身份证一致' maxLength={options.realNameMax} value={form.realName} onChange={set('realName')} />
            </Field>
            <Field label='手机号'>
              <Input placeholder='请输入手机号' type='number' maxLength={11} value={form.phone} onChange={set('phone')} />
            </Field>
            <Field label='身份证号'>
              <Input placeholder='请输入18位身份证号' type='idcard' maxLength={18} value={form.idCard} onChange={set('idCard')} />
            </Field>
            <View className='apply-form__label'>申请理由</View>
            <View className='apply-form__presets'>
              {options.reasonPresets.map((p) => (
                <Text key={p} className={`apply-form__preset ${form.reason === p ? 'is-active' : ''}`} onClick={() => set('reason')(p)}>
                  {p}
                </Text>
              ))}
            </View>
            <TextArea className='apply-form__reason' placeholder='说说您的客户资源和推广计划' maxLength={options.reasonMax} showCount value={form.reason} onChange={set('reason')} />
            <Button type='primary' block className='apply-form__submit' loading={submitting} onClick={submit}>
              {state === 'rejected' ? '重新提交' : '提交申请'}
            </Button>
          </View>
          <View className='agent-panel apply-rules'>
            <Text className='agent-panel__title'>代理规则</Text>
            {options.rules.map((r, i) => (
              <View key={i} className='apply-rules__item'>
                <Text className='apply-rules__no'>{i + 1}</Text>
                <Text className='apply-rules__text'>{r}</Text>
              </View>
            ))}
          </View>
        </>
      )}
    </PageLayout>
  )
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <View className='apply-form__field'>
      <Text className='apply-form__name'>{label}</Text>
      <View className='apply-form__input'>{children}</View>
    </View>
  )
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <View className='apply-state__row'>
      <Text className='apply-state__label'>{label}</Text>
      <Text className='apply-state__value'>{value}</Text>
    </View>
  )
}
