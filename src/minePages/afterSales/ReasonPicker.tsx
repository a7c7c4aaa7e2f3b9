import { useMemo, type ComponentProps } from 'react'
import { Picker } from '@nutui/nutui-react-taro'
import type { AfterSaleType } from '@contract/afterSales'
import { AFTER_SALE_REASONS } from '@contract/afterSales'
import { useDialogFocus } from '@/hooks/useDialogFocus'

export interface ReasonPickerProps {
  type: AfterSaleType
  visible: boolean
  /** The reason chosen so far ('' for none yet). */
  value: string
  onPick: (reason: string) => void
  onClose: () => void
}

/**
 * The after-sales reasons of a type. NutUI's picker draws its first option one row below the selection band
 * when it has no value (issue 18: the options sat below the band and off screen), and resets its roller each
 * time the options object changes: so one options object per type, and always a selected value.
 */
export default function ReasonPicker({ type, visible, value, onPick, onClose }: ReasonPickerProps) {
  const reasons = AFTER_SALE_REASONS[type]
  const options = useMemo(() => [reasons.map((r) => ({ label: r, value: r }))], [reasons])
  const dialogClass = useDialogFocus(visible, '售后原因', onClose)
  return (
    <Picker
      visible={visible}
      title='售后原因'
      popupProps={{ className: dialogClass } as ComponentProps<typeof Picker>['popupProps']}
      options={options}
      defaultValue={[value || reasons[0]]}
      onConfirm={(_, values) => onPick(String(values[0] ?? reasons[0]))}
      onClose={onClose}
    />
  )
}
