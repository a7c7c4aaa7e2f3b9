export default definePageConfig({ navigationBarTitleText: '拼团详情', navigationStyle: 'custom', enableShareAppMessage: true, enableShareTimeline: true })
