import PageLayout from '@/components/PageLayout'

export default function PlaceAnOrderSeckillPage() {
  return <PageLayout variant='back' title='秒杀下单' />
}
