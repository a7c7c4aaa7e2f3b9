import PageLayout from '@/components/PageLayout'

export default function VideoIndexPage() {
  return <PageLayout variant='plain' title='短视频' />
}
