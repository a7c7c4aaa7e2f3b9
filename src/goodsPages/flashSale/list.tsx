import PageLayout from '@/components/PageLayout'

export default function FlashSaleListPage() {
  return <PageLayout variant='back' title='限时秒杀' />
}
