import PageLayout from '@/components/PageLayout'

export default function AfterSalesApplyConfirmPage() {
  return <PageLayout variant='back' title='仅退款' />
}
