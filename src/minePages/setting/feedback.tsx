import PageLayout from '@/components/PageLayout'

export default function SettingFeedbackPage() {
  return <PageLayout variant='back' title='意见反馈' />
}
