import PageLayout from '@/components/PageLayout'

export default function SeeLogisticsIndexPage() {
  return <PageLayout variant='back' title='查看物流' />
}
