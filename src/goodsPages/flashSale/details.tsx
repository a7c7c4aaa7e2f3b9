import PageLayout from '@/components/PageLayout'

export default function FlashSaleDetailsPage() {
  return <PageLayout variant='plain' title='秒杀详情' />
}
