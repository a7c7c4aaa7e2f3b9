import { useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import type { BusinessCard } from '@contract/businessCard'
import { CARD_MAX_PER_MEMBER } from '@contract/businessCard'
import PageLayout from '@/components/PageLayout'
import { deleteCard, getMyCards } from '@/api/businessCard'
import { requireLogin } from '@/core/auth'
import { navigateTo } from '@/core/nav'
import { confirm, toast } from '@/core/toast'
import { ROUTES } from '@/routes'
import CardView from './CardView'
import './card.scss'

/** My business cards. */
export default function BusinessCardListPage() {
  const [cards, setCards] = useState<BusinessCard[] | null>(null)

  useDidShow(() => {
    if (!requireLogin()) return
    getMyCards()
      .then(setCards)
      .catch(() => setCards([]))
  })

  const remove = async (c: BusinessCard) => {
    if (!(await confirm(`确定删除“${c.name}”的名片吗？`))) return
    await deleteCard(c.id)
    setCards((l) => (l || []).filter((x) => x.id !== c.id))
    toast('已删除')
  }

  const create = () => {
    if (cards && cards.length >= CARD_MAX_PER_MEMBER) return toast(`最多创建${CARD_MAX_PER_MEMBER}张名片`)
    navigateTo(ROUTES.cardEdit)
  }

  return (
    <PageLayout
      variant='back'
      title='我的名片'
      footer={
        <View style={{ padding: '8px 12px' }}>
          <Button type='primary' block onClick={create}>
            新建名片
          </Button>
        </View>
      }
    >
      {cards === null && <View className='empty-hint'>加载中…</View>}
      {cards && cards.length === 0 && <View className='empty-hint'>还没有名片，新建一张分享给客户吧</View>}
      {cards?.map((c) => (
        <View key={c.id}>
          <CardView card={c} onClick={() => navigateTo(ROUTES.cardPreview, { id: c.id })} />
          <View className='bcard-ops'>
            <Text className='muted' style={{ marginRight: 'auto', alignSelf: 'center', fontSize: '12px' }}>
              {c.views}次查看
            </Text>
            <Text className='bcard-ops__op' onClick={() => navigateTo(ROUTES.cardPreview, { id: c.id })}>
              预览分享
            </Text>
            <Text className='bcard-ops__op' onClick={() => navigateTo(ROUTES.cardEdit, { id: c.id })}>
              编辑
            </Text>
            <Text className='bcard-ops__op bcard-ops__op--danger' onClick={() => remove(c)}>
              删除
            </Text>
          </View>
        </View>
      ))}
    </PageLayout>
  )
}
