import PageLayout from '@/components/PageLayout'

export default function MissionCenterIndexPage() {
  return <PageLayout variant='back' title='任务中心' />
}
