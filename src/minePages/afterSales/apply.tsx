import PageLayout from '@/components/PageLayout'

export default function AfterSalesApplyPage() {
  return <PageLayout variant='back' title='申请售后' />
}
