export default definePageConfig({ navigationBarTitleText: '品牌专享', navigationStyle: 'custom', enableShareAppMessage: true, enableShareTimeline: true })
