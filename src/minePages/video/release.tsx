import PageLayout from '@/components/PageLayout'

export default function VideoReleasePage() {
  return <PageLayout variant='back' title='发布视频' />
}
