export default definePageConfig({ navigationBarTitleText: '搜索视频', navigationStyle: 'custom' })
