export default definePageConfig({ navigationBarTitleText: '分类', navigationStyle: 'custom', enableShareAppMessage: true, enableShareTimeline: true })
