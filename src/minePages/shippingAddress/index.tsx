import PageLayout from '@/components/PageLayout'

export default function ShippingAddressIndexPage() {
  return <PageLayout variant='back' title='收货地址' />
}
