import PageLayout from '@/components/PageLayout'

export default function CashbackSubmitTaskPage() {
  return <PageLayout variant='back' title='提交任务' />
}
