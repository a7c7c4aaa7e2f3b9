import PageLayout from '@/components/PageLayout'

export default function MyCouponIndexPage() {
  return <PageLayout variant='back' title='我的优惠券' />
}
