import { useMemo } from 'react'
import { View, Text } from '@tarojs/components'
import qrcode from 'qrcode-generator'
import type { OrderPickup } from '@contract/order'
import { formatTime } from '@/utils/time'
import { PickupPointText } from '@/components/PickupPicker'
import './index.scss'

/** The dark modules of a QR code of `text` (the same generator as the share posters' codes, src/platform/poster.ts). */
export function qrModules(text: string): boolean[][] {
  const qr = qrcode(0, 'M')
  qr.addData(text)
  qr.make()
  const n = qr.getModuleCount()
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)))
}

/** 1234 5678: the code in two groups of four, easier to read out at the counter. */
export const groupedCode = (code: string) => code.replace(/^(\d{4})(\d{4})$/, '$1 $2')

/**
 * A pickup order's card on the order details: the point (name, address, hours, phone) and, once paid, the pickup
 * code in large digits and as a QR code for staff to scan (自提核销); after verification, when it was picked up.
 */
export default function PickupCode({ pickup }: { pickup: OrderPickup }) {
  const modules = useMemo(() => (pickup.code ? qrModules(pickup.code) : []), [pickup.code])
  return (
    <View className='card pickup-code'>
      <Text className='pickup-code__title'>到店自提</Text>
      <PickupPointText point={pickup} />
      {pickup.code && (
        <View className={`pickup-code__box ${pickup.verifiedAt ? 'is-used' : ''}`}>
          <Text className='pickup-code__label'>提货码</Text>
          <Text className='pickup-code__digits' aria-label={`提货码 ${pickup.code.split('').join(' ')}`}>
            {groupedCode(pickup.code)}
          </Text>
          {pickup.verifiedAt ? (
            <Text className='pickup-code__used'>已于 {formatTime(pickup.verifiedAt, 'YYYY-MM-DD HH:mm')} 提货</Text>
          ) : (
            <>
              <View className='pickup-code__qr' role='img' aria-label='提货码二维码'>
                {modules.map((row, r) => (
                  <View key={r} className='pickup-code__qr-row'>
                    {row.map((dark, c) => (
                      <View key={c} className={`pickup-code__qr-cell ${dark ? 'is-dark' : ''}`} />
                    ))}
                  </View>
                ))}
              </View>
              <Text className='pickup-code__hint'>到店后向店员出示提货码或二维码</Text>
            </>
          )}
        </View>
      )}
    </View>
  )
}
