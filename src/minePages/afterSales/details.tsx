import PageLayout from '@/components/PageLayout'

export default function AfterSalesDetailsPage() {
  return <PageLayout variant='back' title='售后详情' />
}
