import type { ReactNode } from 'react'
import { View, Text, Image } from '@tarojs/components'
import type { GoodsCard as Goods } from '@contract/goods'
import { ROUTES } from '@/routes'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { yuan } from '@/utils/money'
import { salesText } from '@/utils/counts'
import './index.scss'

export interface GoodsCardProps {
  goods: Goods
  /** grid: picture above (two columns); row: picture left (lists). */
  layout?: 'grid' | 'row'
  /** Default: open the goods detail. */
  onClick?: (g: Goods) => void
  /** Extra content at the bottom right of a row card (e.g. a delete button). */
  extra?: ReactNode
  /** Shown before the card in a row (e.g. a checkbox in edit mode). */
  leading?: ReactNode
  showTags?: boolean
  className?: string
}

/** The shop's goods card: picture, name on two lines, price in red, sales. */
export default function GoodsCard({ goods, layout = 'grid', onClick, extra, leading, showTags = true, className = '' }: GoodsCardProps) {
  const off = goods.status === 'off'
  const soldOut = !off && goods.stock <= 0
  const open = () => (onClick ? onClick(goods) : navigateTo(ROUTES.goodsDetails, { id: goods.id }))
  const [int, dec] = yuan(goods.price).split('.')
  return (
    <View className={`goods-card goods-card--${layout} ${off ? 'goods-card--off' : ''} ${className}`} onClick={open}>
      {leading}
      <View className='goods-card__pic'>
        <Image className='goods-card__img' src={assetUrl(goods.mainImage)} mode='aspectFill' lazyLoad aria-label={goods.name} />
        {(off || soldOut) && <View className='goods-card__mask'>{off ? '已下架' : '已售罄'}</View>}
      </View>
      <View className='goods-card__body'>
        <Text className='goods-card__name'>{goods.name}</Text>
        {showTags && goods.tags.length > 0 && (
          <View className='goods-card__tags'>
            {goods.tags.slice(0, layout === 'grid' ? 2 : 3).map((t) => (
              <Text key={t} className={`goods-card__tag ${t === '热卖' || t === '新品' ? 'goods-card__tag--hot' : ''}`}>
                {t}
              </Text>
            ))}
          </View>
        )}
        <View className='goods-card__bottom'>
          <View className='goods-card__price-line'>
            <Text className='goods-card__price'>
              <Text className='goods-card__yen'>¥</Text>
              {int}
              <Text className='goods-card__dec'>.{dec}</Text>
            </Text>
            {goods.originalPrice > goods.price && layout === 'row' && <Text className='goods-card__origin'>¥{yuan(goods.originalPrice)}</Text>}
          </View>
          <View className='goods-card__meta'>
            <Text className='goods-card__sales'>已售{salesText(goods.sales)}</Text>
            {extra}
          </View>
        </View>
      </View>
    </View>
  )
}

/** Two-column grid of cards. */
export function GoodsGrid({ list, onClick }: { list: Goods[]; onClick?: (g: Goods) => void }) {
  return (
    <View className='goods-grid'>
      {list.map((g) => (
        <GoodsCard key={g.id} goods={g} layout='grid' onClick={onClick} />
      ))}
    </View>
  )
}
