import { useRef, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Button, Popup } from '@nutui/nutui-react-taro'
import { Close } from '@nutui/icons-react-taro'
import type { DrawRecord, PrizePool } from '@contract/turntable'
import PageLayout from '@/components/PageLayout'
import PrizeIcon from '@/components/PrizeIcon'
import AddressSheet from '@/components/AddressSheet'
import { newRequestId } from '@/components/Order'
import { getPrizePool, redeemIntegral, toReceive, writeAddress } from '@/api/turntable'
import { isLoggedIn, requireLogin } from '@/core/auth'
import { navigateTo } from '@/core/nav'
import { toast } from '@/core/toast'
import { useDialogFocus } from '@/hooks/useDialogFocus'
import { buildShare, useShare } from '@/platform/share'
import { ROUTES } from '@/routes'
import PrizeOdds from './PrizeOdds'
import './index.scss'

const BOXES = 9
/** How long a picked box shakes before it opens (the draw itself is done on the server). */
const OPEN_MS = 900

/** The blind box: spend points to open one of nine boxes; the server draws the prize; claim it (an address for goods). */
export default function BlindBoxIndexPage() {
  const [pool, setPool] = useState<PrizePool | null>(null)
  const [opening, setOpening] = useState<number | null>(null)
  const [result, setResult] = useState<DrawRecord | null>(null)
  const [claimed, setClaimed] = useState(false)
  const [claiming, setClaiming] = useState(false)
  const [sheet, setSheet] = useState(false)
  const resultDialog = useDialogFocus(!!result && !sheet, '开盒结果', () => setResult(null))
  const requestId = useRef(newRequestId())

  const load = () => getPrizePool({ catch: true }).then(setPool, () => undefined)
  useDidShow(() => {
    load()
  })
  useShare(() => buildShare(ROUTES.blindBox, { title: '积分开盲盒，好礼抽不停' }))

  const open = async (i: number) => {
    if (opening !== null || !pool) return
    if (!requireLogin()) return
    if (pool.balance !== null && pool.balance < pool.cost) return toast(`积分不足，开一次需要${pool.cost}积分`)
    setOpening(i)
    const started = Date.now()
    try {
      const r = await redeemIntegral(requestId.current, { catch: true })
      requestId.current = newRequestId()
      await new Promise((res) => setTimeout(res, Math.max(0, OPEN_MS - (Date.now() - started))))
      setPool((p) => (p ? { ...p, balance: r.balance } : p))
      setClaimed(false)
      setResult(r.record)
    } catch {
      requestId.current = newRequestId()
    } finally {
      setOpening(null)
    }
  }

  const claim = async () => {
    if (!result || claiming) return
    setClaiming(true)
    try {
      const r = await toReceive(result.id, { catch: true })
      setResult(r.record)
      if (r.needAddress) setSheet(true)
      else {
        setClaimed(true)
        toast(result.kind === 'points' ? '积分已到账' : '优惠券已放入我的优惠券', 'success')
        load()
      }
    } catch {
      // toasted
    } finally {
      setClaiming(false)
    }
  }

  const saveAddress = async (addressId: number) => {
    if (!result) return
    try {
      const r = await writeAddress(result.id, addressId, { catch: true })
      setResult(r)
      setSheet(false)
      setClaimed(true)
      toast('领取成功，奖品将尽快发出', 'success')
    } catch {
      // toasted
    }
  }

  const won = result && result.kind !== 'none'
  return (
    <PageLayout variant='back' title='幸运盲盒' className='blind-box'>
      <View className='blind-box__head'>
        <Text className='blind-box__title'>幸运盲盒</Text>
        <Text className='blind-box__sub'>{pool ? `${pool.cost}积分开一次，100%由系统随机抽取` : '加载中...'}</Text>
        <View className='blind-box__balance'>
          <Text>我的积分：{isLoggedIn() ? (pool?.balance ?? '--') : '登录后查看'}</Text>
          <Text className='blind-box__earn' onClick={() => requireLogin() && navigateTo(ROUTES.missionCenter)}>
            去赚积分 ›
          </Text>
        </View>
      </View>

      <View className='blind-box__grid'>
        {Array.from({ length: BOXES }, (_, i) => (
          <View key={i} className={`blind-box__box ${opening === i ? 'is-opening' : ''} ${opening !== null && opening !== i ? 'is-dim' : ''}`} onClick={() => open(i)}>
            <View className='blind-box__lid' />
            <View className='blind-box__body'>
              <View className='blind-box__ribbon' />
              <Text className='blind-box__q'>?</Text>
            </View>
          </View>
        ))}
      </View>
      <Text className='blind-box__tip'>点击任意盲盒开启 · 每次消耗{pool?.cost ?? 50}积分</Text>

      <View className='blind-box__links'>
        <View className='blind-box__link' onClick={() => requireLogin() && navigateTo(ROUTES.blindBoxRecord)}>
          中奖记录
        </View>
        <View className='blind-box__link' onClick={() => navigateTo(ROUTES.webPrizeList)}>
          奖品列表
        </View>
      </View>

      {pool && (
        <View className='card blind-box__prizes'>
          <Text className='blind-box__prizes-title'>盒中好礼 · 中奖概率</Text>
          <PrizeOdds prizes={pool.prizes} />
        </View>
      )}

      {/* NutUI's Popup calls onClose whenever it is hidden, also when the address sheet takes its place: the result is
          kept then, or 确认领取 in the sheet would have no prize to claim. */}
      <Popup visible={!!result && !sheet} position='center' round onClose={() => !sheet && setResult(null)} className={`blind-box__popup ${resultDialog}`}>
        {result && (
          <View className='blind-box__result'>
            <Text className='blind-box__result-title'>{won ? '恭喜您获得' : '很遗憾'}</Text>
            <PrizeIcon kind={result.kind} name={result.prizeName} image={result.prizeImage} size='lg' />
            <Text className='blind-box__result-name'>{won ? result.prizeName : '这次没有抽中，再试一次吧'}</Text>
            {won && !claimed && result.status === 'unclaimed' && (
              <Button className='blind-box__result-btn' type='primary' block loading={claiming} onClick={claim}>
                立即领取
              </Button>
            )}
            {won && !claimed && result.status === 'await_address' && (
              <Button className='blind-box__result-btn' type='primary' block onClick={() => setSheet(true)}>
                填写收货地址
              </Button>
            )}
            {(claimed || !won) && (
              <Button className='blind-box__result-btn' type='primary' block onClick={() => setResult(null)}>
                {won ? '好的' : '再开一次'}
              </Button>
            )}
            {won && (
              <Text className='blind-box__result-link' onClick={() => navigateTo(ROUTES.blindBoxRecord)}>
                查看中奖记录
              </Text>
            )}
            {/* Both results (a prize, or nothing) can be closed without acting: a real button, named for screen readers. */}
            <View className='blind-box__result-close' aria-label='关闭' onClick={() => setResult(null)}>
              <Close size={16} />
            </View>
          </View>
        )}
      </Popup>
      <AddressSheet visible={sheet} title='填写奖品收货地址' confirmText='确认领取' onClose={() => setSheet(false)} onConfirm={(a) => saveAddress(a.id)} />
    </PageLayout>
  )
}
