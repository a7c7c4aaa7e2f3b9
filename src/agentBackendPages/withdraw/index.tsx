import { useRef, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Button, Input, Popup } from '@nutui/nutui-react-taro'
import { ArrowRight } from '@nutui/icons-react-taro'
import { WITHDRAW_METHOD_TEXT, withdrawFeeText, yuanToFen, type WithdrawInfo, type WithdrawMethod, type Withdrawal } from '@contract/agent'
import PageLayout from '@/components/PageLayout'
import { applyWithdraw, getTransferParams, getWithdrawInfo, getWithdrawals, refreshTransfer, saveWithdrawAccount } from '@/api/agent'
import { useDialogFocus } from '@/hooks/useDialogFocus'
import { confirmMerchantTransfer } from '@/platform/transfer'
import { subscribeAt } from '@/platform/subscribe'
import { requireLogin } from '@/core/auth'
import { navigateTo } from '@/core/nav'
import { confirm, toast } from '@/core/toast'
import { ROUTES } from '@/routes'
import { formatTime } from '@/utils/time'
import { yuan } from '@/utils/money'
import { leaveIfNotAgent } from '../components/shared'
import { feeText, withdrawAmountError, withdrawConfirmText } from './rules'
import '../components/agent.scss'
import './index.scss'

const newRequestId = () => `w${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`

interface AccountForm {
  accountName: string
  accountNo: string
  bankName: string
  bankBranch: string
}

/** Withdraw: the available balance, the amount with its fee, the account (bank card or WeChat wallet), and recent withdrawals. */
export default function WithdrawIndexPage() {
  const [info, setInfo] = useState<WithdrawInfo | null>(null)
  const [recent, setRecent] = useState<Withdrawal[]>([])
  const [amount, setAmount] = useState('')
  const [method, setMethod] = useState<WithdrawMethod>('bank')
  const [editing, setEditing] = useState<WithdrawMethod | null>(null)
  const editorDialog = useDialogFocus(!!editing, editing ? `设置${WITHDRAW_METHOD_TEXT[editing]}` : '', () => setEditing(null))
  const [form, setForm] = useState<AccountForm>({ accountName: '', accountNo: '', bankName: '', bankBranch: '' })
  const [submitting, setSubmitting] = useState(false)
  const requestId = useRef(newRequestId())

  const load = async () => {
    try {
      const [i, w] = await Promise.all([getWithdrawInfo({ catch: true }), getWithdrawals(1, 5, { catch: true })])
      setInfo(i)
      setRecent(w.list)
      if (!i.accounts.some((x) => x.method === method) && i.accounts.length) setMethod(i.accounts[0].method)
    } catch (e) {
      leaveIfNotAgent(e)
    }
  }
  useDidShow(() => {
    if (requireLogin()) load()
  })

  const available = info?.account.available ?? 0
  const account = info?.accounts.find((x) => x.method === method)
  const fee = feeText(amount, info?.rules)
  const error = amount ? withdrawAmountError(amount, available) : ''

  const openEditor = (m: WithdrawMethod) => {
    const cur = info?.accounts.find((x) => x.method === m)
    setForm({ accountName: cur?.accountName || info?.realName || '', accountNo: '', bankName: cur?.bankName || '', bankBranch: cur?.bankBranch || '' })
    setEditing(m)
  }

  const saveAccount = async () => {
    if (!editing) return
    if (editing === 'bank') {
      if (!/^\d{12,19}$/.test(form.accountNo.replace(/\s+/g, ''))) return toast('请输入正确的银行卡号')
      if (form.bankName.trim().length < 2) return toast('请输入开户银行')
    }
    try {
      const accounts = await saveWithdrawAccount(
        { method: editing, accountName: form.accountName.trim(), accountNo: form.accountNo.replace(/\s+/g, ''), bankName: form.bankName.trim(), bankBranch: form.bankBranch.trim() },
        { catch: true },
      )
      setInfo((i) => (i ? { ...i, accounts } : i))
      setMethod(editing)
      setEditing(null)
      toast('提现账户已保存', 'success')
    } catch {
      // message shown by the request client
    }
  }

  const submit = async () => {
    const msg = withdrawAmountError(amount, available)
    if (msg) return toast(msg)
    if (!account) return toast(`请先设置${WITHDRAW_METHOD_TEXT[method]}提现账户`)
    if (submitting) return
    const fen = yuanToFen(amount) as number
    setSubmitting(true)
    // Within the tap, before anything awaited (WeChat's rule): ask to be told when the withdrawal is paid.
    void subscribeAt('withdraw')
    try {
      // Money leaves the balance: the agent sees the amount, fee and account once more and says yes.
      const where = `${WITHDRAW_METHOD_TEXT[method]} ${account.bankName ? `${account.bankName} ` : ''}${account.accountText}（${account.accountName}）`
      if (!(await confirm(withdrawConfirmText(fen, where, info?.rules), '确认提现'))) return
      const w = await applyWithdraw({ amount: fen, method, requestId: requestId.current }, { catch: true })
      requestId.current = newRequestId()
      setAmount('')
      toast(`已申请提现¥${yuan(w.amount)}`, 'success')
      await load()
    } catch {
      // message shown by the request client
    } finally {
      setSubmitting(false)
    }
  }

  /** A WeChat transfer waiting for the agent: confirm the receipt in WeChat, then ask the server for the result. */
  const confirmReceipt = async (w: Withdrawal) => {
    try {
      const params = await getTransferParams(w.withdrawNo, { catch: true })
      const r = await confirmMerchantTransfer(params)
      if (r === 'unsupported') return toast('请在微信中打开商城后确认收款')
      if (r === 'failed') toast('确认收款未完成，请稍后重试')
      const now = await refreshTransfer(w.withdrawNo, { catch: true })
      if (now.status === 'paid') toast('已到账微信零钱', 'success')
      await load()
    } catch {
      // message shown by the request client
    }
  }

  const rules = info?.rules

  return (
    <PageLayout
      variant='back'
      title='提现'
      right={
        <Text className='withdraw-link' onClick={() => navigateTo(ROUTES.agentWithdrawDetails)}>
          明细
        </Text>
      }
    >
      <View className='agent-hero withdraw-hero'>
        <Text className='agent-hero__sub'>可提现余额(元)</Text>
        <Text className='withdraw-hero__big'>{yuan(available)}</Text>
        <View className='withdraw-hero__row'>
          <Text>冻结中 ¥{yuan(info?.account.frozen)}</Text>
          <Text>提现中 ¥{yuan(info?.account.withdrawing)}</Text>
          <Text>已提现 ¥{yuan(info?.account.withdrawn)}</Text>
        </View>
      </View>

      <View className='agent-panel agent-panel--lift'>
        <Text className='agent-panel__title'>提现金额</Text>
        <View className='withdraw-amount'>
          <Text className='withdraw-amount__cny'>¥</Text>
          <Input
            className='withdraw-amount__input'
            type='digit'
            placeholder={rules ? `最低提现${yuan(rules.min)}元` : '请输入提现金额'}
            value={amount}
            onChange={(v) => setAmount(String(v).replace(/[^\d.]/g, ''))}
          />
          <Text className='withdraw-amount__all' onClick={() => setAmount(yuan(Math.min(available, rules?.max ?? available)))}>
            全部提现
          </Text>
        </View>
        <Text className={`withdraw-amount__hint ${error ? 'is-error' : ''}`}>{error || fee || `可提现 ¥${yuan(available)}`}</Text>

        <Text className='agent-panel__title withdraw-method__title'>到账方式</Text>
        {(['bank', 'wechat'] as WithdrawMethod[]).map((m) => {
          const acc = info?.accounts.find((x) => x.method === m)
          return (
            <View key={m} className={`withdraw-method ${method === m ? 'is-active' : ''}`} onClick={() => (acc ? setMethod(m) : openEditor(m))}>
              <View className={`withdraw-method__radio ${method === m && acc ? 'is-checked' : ''}`} />
              <View className='withdraw-method__body'>
                <Text className='withdraw-method__name'>{WITHDRAW_METHOD_TEXT[m]}</Text>
                <Text className='withdraw-method__desc'>
                  {acc ? `${acc.bankName ? `${acc.bankName} ` : ''}${acc.accountText} · ${acc.accountName}` : m === 'wechat' && !info?.wechatBound ? '需在微信中打开商城授权后使用' : '未设置'}
                </Text>
              </View>
              <Text
                className='withdraw-method__edit'
                onClick={(e) => {
                  e.stopPropagation()
                  openEditor(m)
                }}
              >
                {acc ? '更换' : '去设置'}
              </Text>
            </View>
          )
        })}

        <Button type='primary' block className='withdraw-submit' loading={submitting} disabled={!info} onClick={submit}>
          申请提现
        </Button>
        {rules && (
          <View className='withdraw-rules'>
            <Text>
              · 单次提现 ¥{yuan(rules.min)} 起，最高 ¥{yuan(rules.max)}，每日最多 {rules.dailyLimit} 次（今日已申请 {info?.todayCount ?? 0} 次）
            </Text>
            <Text>
              · {withdrawFeeText(rules.feeBp, rules.feeMin)}
              {rules.feeBp || rules.feeMin ? '，从提现金额中扣除' : ''}
            </Text>
            <Text>· 平台审核后 1-3 个工作日到账；审核驳回的金额将退回可提现余额</Text>
            <Text>· 收款账户须为代理本人{info?.realName ? `（${info.realName}）` : ''}</Text>
          </View>
        )}
      </View>

      <View className='agent-panel'>
        <View className='agent-panel__head'>
          <Text className='agent-panel__title'>提现记录</Text>
          <View className='agent-panel__more' onClick={() => navigateTo(ROUTES.agentWithdrawDetails, { filter: 'withdraw' })}>
            全部 <ArrowRight size={12} />
          </View>
        </View>
        {!recent.length && <View className='withdraw-empty'>暂无提现记录</View>}
        {recent.map((w) => (
          <View key={w.withdrawNo} className='withdraw-record'>
            <View className='withdraw-record__main'>
              <Text className='withdraw-record__amount'>¥{yuan(w.amount)}</Text>
              <Text className={`agent-tag agent-tag--${w.status}`}>{w.statusText}</Text>
            </View>
            <Text className='withdraw-record__sub'>
              {w.accountText} · 手续费¥{yuan(w.fee)} · 到账¥{yuan(w.actualAmount)}
            </Text>
            <Text className='withdraw-record__sub'>
              {formatTime(w.createdAt)}
              {w.status === 'rejected' && w.rejectReason ? ` · 驳回：${w.rejectReason}` : ''}
            </Text>
            {w.needConfirm && (
              <Button type='primary' size='small' className='withdraw-record__confirm' onClick={() => confirmReceipt(w)}>
                确认收款
              </Button>
            )}
          </View>
        ))}
      </View>

      <Popup visible={!!editing} position='bottom' round closeable className={editorDialog} onClose={() => setEditing(null)} title={editing ? `设置${WITHDRAW_METHOD_TEXT[editing]}` : ''}>
        {editing && (
          <View className='withdraw-editor'>
            {editing === 'wechat' && !info?.wechatBound ? (
              <Text className='withdraw-editor__tip'>微信零钱提现需要先在微信中打开商城并完成授权，请在微信中重新打开本页面后再设置。</Text>
            ) : (
              <>
                <EditorField label='收款人'>
                  <Input value={form.accountName} placeholder='代理本人真实姓名' onChange={(v) => setForm((f) => ({ ...f, accountName: String(v) }))} />
                </EditorField>
                {editing === 'bank' && (
                  <>
                    <EditorField label='银行卡号'>
                      <Input type='number' maxLength={19} value={form.accountNo} placeholder='请输入银行卡号' onChange={(v) => setForm((f) => ({ ...f, accountNo: String(v).replace(/\D/g, '') }))} />
                    </EditorField>
                    <EditorField label='开户银行'>
                      <Input value={form.bankName} placeholder='如：中国工商银行' onChange={(v) => setForm((f) => ({ ...f, bankName: String(v) }))} />
                    </EditorField>
                    <EditorField label='开户支行'>
                      <Input value={form.bankBranch} placeholder='选填，如：杭州西湖支行' onChange={(v) => setForm((f) => ({ ...f, bankBranch: String(v) }))} />
                    </EditorField>
                  </>
                )}
                {editing === 'wechat' && <Text className='withdraw-editor__tip'>提现将打款到当前登录微信的零钱，收款人须与微信实名一致。</Text>}
                <Button type='primary' block className='withdraw-submit' onClick={saveAccount}>
                  保存
                </Button>
              </>
            )}
          </View>
        )}
      </Popup>
    </PageLayout>
  )
}

function EditorField({ label, children }: { label: string; children: any }) {
  return (
    <View className='withdraw-editor__field'>
      <Text className='withdraw-editor__label'>{label}</Text>
      <View className='withdraw-editor__input'>{children}</View>
    </View>
  )
}
