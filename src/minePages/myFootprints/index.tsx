import PageLayout from '@/components/PageLayout'

export default function MyFootprintsIndexPage() {
  return <PageLayout variant='back' title='我的足迹' />
}
