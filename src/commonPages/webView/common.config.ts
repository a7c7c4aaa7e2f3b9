export default definePageConfig({ navigationBarTitleText: '网页', navigationStyle: 'custom', enableShareAppMessage: true, enableShareTimeline: true })
