import PageLayout from '@/components/PageLayout'

export default function MyIntegralPlaceAnOrderPage() {
  return <PageLayout variant='back' title='积分兑换' />
}
