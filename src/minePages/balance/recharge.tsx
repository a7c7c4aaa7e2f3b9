import { useCallback, useEffect, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import type { RechargeOptions, RechargeOrderView } from '@contract/balanceRecharge'
import PageLayout from '@/components/PageLayout'
import EmptyState from '@/components/EmptyState'
import { createRecharge, getRechargeOptions, getRechargeStatus, prepayRecharge } from '@/api/recharge'
import { paymentAdapter } from '@/platform/payment'
import { isLoggedIn, requireLogin } from '@/core/auth'
import { hideLoading, showLoading, toast } from '@/core/toast'
import { back } from '@/core/nav'
import { yuan } from '@/utils/money'
import './recharge.scss'

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A recharge paid through WeChat Pay H5 comes back here with its number: asked a few times until it is credited. */
function useReturnedRecharge(rechargeNo: string) {
  const [order, setOrder] = useState<RechargeOrderView | null>(null)
  const [checking, setChecking] = useState(!!rechargeNo)
  const check = useCallback(async () => {
    setChecking(true)
    for (let i = 0; i < 5; i++) {
      const s = await getRechargeStatus(rechargeNo, { catch: true }).catch(() => null)
      if (s) setOrder(s)
      if (!s || s.status !== 'unpaid') break
      await wait(1500)
    }
    setChecking(false)
  }, [rechargeNo])
  useEffect(() => {
    if (rechargeNo && isLoggedIn()) check()
  }, [rechargeNo, check])
  return { order, checking, check }
}

/** 我的 → 余额 → 充值: pick a package (pay X, get X + bonus), pay through the shell's payment adapter, credited once paid. */
export default function RechargePage() {
  const returned = useReturnedRecharge(useRouter().params.rechargeNo || '')
  const [loggedIn] = useState(() => isLoggedIn())
  const [options, setOptions] = useState<RechargeOptions | null>(null)
  const [failed, setFailed] = useState(false)
  const [picked, setPicked] = useState<number | null>(null)
  const [paying, setPaying] = useState(false)
  useEffect(() => {
    if (!loggedIn) {
      requireLogin()
      return
    }
    getRechargeOptions({ catch: true }).then(
      (o) => {
        setOptions(o)
        setPicked(o.packages[0]?.id ?? null)
      },
      () => setFailed(true),
    )
  }, [loggedIn])

  async function pay() {
    if (picked === null || paying) return
    setPaying(true)
    try {
      showLoading('正在发起支付')
      let rechargeNo: string
      let params
      try {
        rechargeNo = (await createRecharge(picked, { catch: true })).rechargeNo
        params = await prepayRecharge(rechargeNo, paymentAdapter.channel(), { catch: true })
      } catch {
        return
      } finally {
        hideLoading()
      }
      const result = await paymentAdapter.pay(params)
      if (result === 'cancelled') return toast('已取消支付')
      if (result === 'failed') return toast('支付未完成，请重试')
      // Paid at the gateway: the server credits it on the notification or when asked; wait a little for it.
      for (let i = 0; i < 5; i++) {
        const s = await getRechargeStatus(rechargeNo, { catch: true }).catch(() => null)
        if (s?.status === 'paid') {
          toast('充值成功', 'success')
          await wait(800)
          back()
          return
        }
        await wait(1500)
      }
      toast('支付结果确认中，到账后余额会自动更新')
    } finally {
      setPaying(false)
    }
  }

  const chosen = options?.packages.find((p) => p.id === picked)
  return (
    <PageLayout variant='back' title='余额充值' className='recharge'>
      {(returned.checking || returned.order) && (
        <View className='recharge__result'>
          {returned.order?.status === 'paid' ? (
            <Text className='recharge__result-title'>
              充值成功，¥{yuan(returned.order.amount + returned.order.bonus)} 已到账{returned.order.bonus > 0 ? `（含赠送 ¥${yuan(returned.order.bonus)}）` : ''}
            </Text>
          ) : returned.order?.status === 'closed' ? (
            <Text className='recharge__result-title'>这笔充值已关闭，未扣款可重新充值</Text>
          ) : (
            <Text className='recharge__result-title'>{returned.checking ? '正在确认支付结果…' : '支付结果确认中，到账后余额会自动更新'}</Text>
          )}
          {!returned.checking && returned.order?.status === 'unpaid' && (
            <Button size='small' onClick={returned.check}>
              刷新结果
            </Button>
          )}
        </View>
      )}
      {failed && <EmptyState text='加载失败，请稍后再试' />}
      {options && !options.packages.length && <EmptyState text='暂无可用的充值套餐' />}
      <View className='recharge__grid'>
        {options?.packages.map((p) => (
          <View key={p.id} className={`recharge__item ${picked === p.id ? 'is-active' : ''}`} onClick={() => setPicked(p.id)}>
            <Text className='recharge__pay'>充 ¥{yuan(p.payAmount)}</Text>
            {p.bonusAmount > 0 ? <Text className='recharge__bonus'>送 ¥{yuan(p.bonusAmount)}</Text> : <Text className='recharge__bonus'>{p.name}</Text>}
          </View>
        ))}
      </View>
      {options && !!options.packages.length && (
        <View className='recharge__foot'>
          {chosen && (
            <Text className='recharge__sum'>
              到账 ¥{yuan(chosen.payAmount + chosen.bonusAmount)}
              {chosen.bonusAmount > 0 ? `（含赠送 ¥${yuan(chosen.bonusAmount)}）` : ''}
            </Text>
          )}
          <Text className='recharge__rule'>{options.withdrawable ? '充值金额可提现，赠送金额不可提现' : '充值金额和赠送金额只能在商城消费，不可提现'}</Text>
          <Button type='primary' block disabled={!chosen || paying} loading={paying} onClick={pay}>
            {chosen ? `支付 ¥${yuan(chosen.payAmount)}` : '请选择充值金额'}
          </Button>
        </View>
      )}
    </PageLayout>
  )
}
