import { View, Text } from '@tarojs/components'
import type { Prize } from '@contract/turntable'
import PrizeIcon from '@/components/PrizeIcon'

/** A prize's chance as the shop discloses it: the server's percent with two decimals; a prize run out shows 已抽完. */
export const oddsLabel = (p: Pick<Prize, 'probability' | 'inStock'>) => (p.inStock ? `${p.probability.toFixed(2)}%` : '已抽完')

/** The chance of drawing no prize: the sum of the 谢谢参与 entries (the merchant's odds add up to 100 %). */
export const noPrizeChance = (prizes: Prize[]) => Math.round(prizes.filter((p) => p.kind === 'none' && p.inStock).reduce((s, p) => s + p.probability * 100, 0)) / 100

/** The blind box's prizes with each one's chance, on the page itself (the prize list page has the full table). */
export default function PrizeOdds({ prizes }: { prizes: Prize[] }) {
  const none = prizes.some((p) => p.kind === 'none')
  return (
    <>
      <View className='blind-box__strip'>
        {prizes
          .filter((p) => p.kind !== 'none')
          .map((p) => (
            <View key={p.id} className={`blind-box__prize ${p.inStock ? '' : 'is-out'}`} data-testid='prize-odds'>
              <PrizeIcon kind={p.kind} name={p.name} image={p.image} size='sm' />
              <Text className='blind-box__prize-name'>{p.name}</Text>
              <Text className='blind-box__prize-odds'>{oddsLabel(p)}</Text>
            </View>
          ))}
      </View>
      {none && <Text className='blind-box__no-prize'>未中奖概率 {noPrizeChance(prizes).toFixed(2)}%</Text>}
    </>
  )
}
