import PageLayout from '@/components/PageLayout'

export default function ShippingAddressOperatePage() {
  return <PageLayout variant='back' title='编辑地址' />
}
