import { useCallback, useEffect, useRef, useState } from 'react'
import { useRouter, useUnload } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import { Clock, Failure, SuccessF } from '@nutui/icons-react-taro'
import type { PayStatus } from '@contract/pay'
import { TransportCode } from '@contract/envelope'
import PageLayout from '@/components/PageLayout'
import GuessYouLike from '@/components/GuessYouLike/lazy'
import EmptyState from '@/components/EmptyState'
import { payOrder } from '@/components/Order'
import { getPayStatus } from '@/api/pay'
import { RequestError } from '@/core/request'
import { ROUTES } from '@/routes'
import { redirectTo, switchTab } from '@/core/nav'
import { cashAndPoints } from '@/utils/money'
import './payStatus.scss'

const TRANSPORT_CODES: number[] = Object.values(TransportCode)
const isTransportCode = (code: number) => TRANSPORT_CODES.includes(code)

/** Polling: every 1.5 s, for at most 20 s (the gateway's notify usually lands within a few seconds). */
const POLL_INTERVAL = 1500
const POLL_TIMEOUT = 20_000

type View_ = 'checking' | 'paid' | 'unpaid' | 'closed' | 'timeout' | 'missing'

export default function PlaceAnOrderPayStatusPage() {
  const { orderNo = '', result = '' } = (useRouter().params || {}) as Record<string, string>
  const [status, setStatus] = useState<PayStatus | null>(null)
  const [view, setView] = useState<View_>('checking')
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const alive = useRef(true)

  const poll = useCallback(
    (started: number) => {
      getPayStatus(orderNo, { catch: true, toast: false })
        .then((s) => {
          if (!alive.current) return
          setStatus(s)
          if (s.paid) return setView('paid')
          if (s.status === 'cancelled') return setView('closed')
          // The member cancelled or the pay step failed: no need to wait for a notify.
          if (result && result !== 'paid') return setView('unpaid')
          if (Date.now() - started >= POLL_TIMEOUT) return setView('timeout')
          timer.current = setTimeout(() => poll(started), POLL_INTERVAL)
        })
        .catch((e) => {
          if (!alive.current) return
          // The server refused (no such order of this member): asking again cannot help (issue 18, bad links).
          if (e instanceof RequestError && !isTransportCode(e.code)) return setView('missing')
          if (Date.now() - started >= POLL_TIMEOUT) return setView('timeout')
          timer.current = setTimeout(() => poll(started), POLL_INTERVAL)
        })
    },
    [orderNo, result],
  )

  // Once per opening of the page (its query does not change while it is open).
  useEffect(() => {
    if (orderNo) poll(Date.now())
    else setView('missing')
    return () => {
      alive.current = false
      if (timer.current) clearTimeout(timer.current)
    }
  }, [orderNo, poll])
  useUnload(() => {
    alive.current = false
  })

  const payAgain = async () => {
    const r = await payOrder(orderNo)
    if (r === null) return
    setView('checking')
    poll(Date.now())
  }

  const icon =
    view === 'paid' ? (
      <SuccessF size={64} className='pay-status__icon pay-status__icon--ok' />
    ) : view === 'checking' || view === 'timeout' ? (
      <Clock size={64} className='pay-status__icon pay-status__icon--wait' />
    ) : (
      <Failure size={64} className='pay-status__icon pay-status__icon--fail' />
    )
  const title = { checking: '正在确认支付结果…', paid: '支付成功', unpaid: '支付未完成', closed: '订单已关闭', timeout: '支付结果确认中' }[view]
  const hint = {
    checking: '请稍候，不要关闭页面',
    paid: '商家将尽快为您发货',
    unpaid: '订单已保留，请在订单超时前完成支付',
    closed: '订单已超时或已取消，未扣款；如已扣款将原路退回',
    timeout: '若已完成付款，稍后可在订单中查看结果',
  }[view]

  if (view === 'missing')
    return (
      <PageLayout variant='back' title='支付结果'>
        <EmptyState text='没有找到这笔订单' />
      </PageLayout>
    )

  return (
    <PageLayout variant='back' title='支付结果' onBack={() => redirectTo(ROUTES.orderDetails, { orderNo })}>
      <View className='pay-status'>
        {icon}
        <Text className='pay-status__title'>{title}</Text>
        {status && <Text className='pay-status__amount'>{cashAndPoints(status.payAmount, status.pointsPaid)}</Text>}
        <Text className='pay-status__hint'>{hint}</Text>
        <View className='pay-status__buttons'>
          {view === 'unpaid' && (
            <Button type='primary' className='pay-status__btn' onClick={payAgain}>
              继续支付
            </Button>
          )}
          <Button
            type={view === 'paid' ? 'primary' : 'default'}
            fill={view === 'paid' ? undefined : 'outline'}
            className='pay-status__btn'
            onClick={() => redirectTo(ROUTES.orderDetails, { orderNo })}
          >
            查看订单
          </Button>
          <Button fill='outline' className='pay-status__btn' onClick={() => switchTab(ROUTES.home)}>
            返回首页
          </Button>
        </View>
      </View>
      {view === 'paid' && <GuessYouLike />}
    </PageLayout>
  )
}
