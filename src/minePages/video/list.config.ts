export default definePageConfig({ navigationBarTitleText: '我的视频', navigationStyle: 'custom' })
