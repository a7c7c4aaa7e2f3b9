import PageLayout from '@/components/PageLayout'

export default function VideoListPage() {
  return <PageLayout variant='back' title='我的视频' />
}
