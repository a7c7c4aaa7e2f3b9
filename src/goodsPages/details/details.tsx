import PageLayout from '@/components/PageLayout'

export default function DetailsDetailsPage() {
  return <PageLayout variant='plain' title='商品详情' />
}
