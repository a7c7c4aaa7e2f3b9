import PageLayout from '@/components/PageLayout'

export default function WithdrawDetailsPage() {
  return <PageLayout variant='back' title='账户明细' />
}
