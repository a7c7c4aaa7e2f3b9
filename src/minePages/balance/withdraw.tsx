import { useEffect, useRef, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Button, Input } from '@nutui/nutui-react-taro'
import type { BalanceWithdrawal, BalanceWithdrawInfo } from '@contract/balanceWithdraw'
import { balanceWithdrawFee } from '@contract/balanceWithdraw'
import PageLayout from '@/components/PageLayout'
import LedgerList from '@/components/LedgerList'
import { usePayPassword } from '@/components/PayPassword'
import { applyBalanceWithdraw, getBalanceTransferParams, getBalanceWithdrawals, getWithdrawInfo, refreshBalanceTransfer } from '@/api/balance'
import { confirmMerchantTransfer } from '@/platform/transfer'
import { isLoggedIn, requireLogin } from '@/core/auth'
import { confirm, toast } from '@/core/toast'
import { yuan } from '@/utils/money'
import './index.scss'

const newRequestId = () => `bw${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`

/** Yuan typed by the shopper → fen (null when it is not an amount with at most two decimals). */
export function toFen(text: string): number | null {
  if (!/^\d+(\.\d{0,2})?$/.test(text.trim())) return null
  return Math.round(Number(text) * 100)
}

/** The amount's problem in the shopper's words, or '' when it may be withdrawn. */
export function amountError(fen: number | null, info: BalanceWithdrawInfo): string {
  if (fen === null || fen <= 0) return '请输入正确的提现金额'
  if (fen < info.settings.min) return `单次提现不能低于¥${yuan(info.settings.min)}`
  if (fen > info.withdrawable) return `最多可提现¥${yuan(info.withdrawable)}`
  if (info.today + fen > info.settings.dailyMax) return `今日还可提现¥${yuan(Math.max(0, info.settings.dailyMax - info.today))}`
  return ''
}

/** 我的 → 余额 → 提现: the withdrawable part to WeChat change; the fee is shown before confirming; the receipt is confirmed in WeChat. */
export default function BalanceWithdrawPage() {
  const [loggedIn] = useState(() => isLoggedIn())
  const [info, setInfo] = useState<BalanceWithdrawInfo | null>(null)
  const [records, setRecords] = useState<BalanceWithdrawal[]>([])
  const [amount, setAmount] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const requestId = useRef(newRequestId())
  const { ask: askPayPassword, sheet: payPasswordSheet } = usePayPassword()

  const load = async () => {
    try {
      const [i, l] = await Promise.all([getWithdrawInfo({ catch: true }), getBalanceWithdrawals(1, 10, { catch: true })])
      setInfo(i)
      setRecords(l.list)
    } catch {
      // message shown by the request client
    }
  }
  useEffect(() => {
    if (!loggedIn) requireLogin()
  }, [loggedIn])
  useDidShow(() => {
    if (loggedIn) load()
  })

  const fen = toFen(amount)
  const fee = info && fen ? balanceWithdrawFee(fen, info.settings) : 0
  const error = info && amount ? amountError(fen, info) : ''

  const confirmReceipt = async (w: BalanceWithdrawal) => {
    try {
      const params = await getBalanceTransferParams(w.withdrawNo, { catch: true })
      const r = await confirmMerchantTransfer(params)
      if (r === 'unsupported') return toast('请在微信中打开商城后确认收款')
      // Closed WeChat's 确认收款 page: the transfer waits (确认收款 stays on the record) until WeChat closes it, and the
      // money then comes back to the balance.
      if (r === 'cancelled') toast('未确认收款，可稍后再确认')
      if (r === 'failed') toast('确认收款未完成，请稍后重试')
      const now = await refreshBalanceTransfer(w.withdrawNo, { catch: true })
      if (now.status === 'paid') toast('已到账微信零钱', 'success')
      else if (r === 'confirmed' && now.status === 'transferring') toast('已确认收款，微信处理中')
      await load()
    } catch {
      // message shown by the request client
    }
  }

  const submit = async () => {
    if (!info || submitting) return
    const problem = amountError(fen, info)
    if (problem) return toast(problem)
    const f = balanceWithdrawFee(fen!, info.settings)
    const text = `提现¥${yuan(fen!)}到微信零钱${f ? `，手续费¥${yuan(f)}，实际到账¥${yuan(fen! - f)}` : ''}${info.settings.approveAbove !== null && fen! > info.settings.approveAbove ? '。该金额需商家审核后转账' : ''}`
    if (!(await confirm(text, '确认提现'))) return
    const payPassword = await askPayPassword(`提现 ¥${yuan(fen!)}`)
    if (payPassword === null) return
    setSubmitting(true)
    try {
      const w = await applyBalanceWithdraw({ amount: fen!, requestId: requestId.current, payPassword }, { catch: true })
      requestId.current = newRequestId()
      setAmount('')
      await load()
      if (w.needConfirm) await confirmReceipt(w)
      else toast(w.status === 'reviewing' ? '已提交，等待商家审核' : '提现已提交', 'success')
    } catch {
      // message shown by the request client
    } finally {
      setSubmitting(false)
    }
  }

  const blocked = info && (!info.available ? '本店暂未开通提现到微信零钱' : !info.wechatBound ? '请在微信中打开商城并登录后再提现' : '')

  return (
    <PageLayout variant='back' title='余额提现' className='balance'>
      <View className='balance__head'>
        <Text className='balance__label'>可提现（元）</Text>
        <Text className='balance__amount'>{info ? yuan(info.withdrawable) : '--'}</Text>
        <Text className='balance__hint'>提现到微信零钱；好评返现、售后退回的余额可提现</Text>
      </View>
      <View className='balance__head'>
        <Text className='balance__label'>提现金额</Text>
        <Input type='digit' placeholder={info ? `最低提现${yuan(info.settings.min)}元` : '请输入提现金额'} value={amount} onChange={(v) => setAmount(String(v).replace(/[^\d.]/g, ''))} />
        <Text className='balance__hint'>
          {error || (fee ? `手续费¥${yuan(fee)}，实际到账¥${yuan(fen! - fee)}` : info ? `今日已提现¥${yuan(info.today)}，每日上限¥${yuan(info.settings.dailyMax)}` : '')}
        </Text>
        {/* Not open (no WeChat Pay, or not signed in through WeChat): the reason instead of a button that cannot work. */}
        {blocked ? (
          <Text className='balance__hint'>{blocked}</Text>
        ) : (
          <Button type='primary' block loading={submitting} disabled={!info} onClick={submit}>
            提现到微信零钱
          </Button>
        )}
      </View>
      <LedgerList
        rows={records.map((w) => ({
          id: w.withdrawNo,
          title: `提现 ¥${yuan(w.amount)}`,
          note: w.reason,
          at: w.createdAt,
          after: w.statusText,
          action: w.needConfirm ? (
            <Button type='primary' size='small' onClick={() => confirmReceipt(w)}>
              确认收款
            </Button>
          ) : undefined,
        }))}
      />
      {payPasswordSheet}
    </PageLayout>
  )
}
